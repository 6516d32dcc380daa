import type { RpcError } from '../errors/rpc-error.js';
import type { RequestOptions, RequestOutcome } from '../session/request-types.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * v1: the 2025-11-25 core tasks (2025-11-25/basic/utilities/tasks); v2: the 2026-07-28
 * `io.modelcontextprotocol/tasks` extension (SEP-2663).
 */
export type TaskGeneration = 'v1' | 'v2';

/** What mcpscope knows about one task of a session (wire: TaskInfoSchema). */
export interface TaskInfo {
  sessionId: string;
  taskId: string;
  generation: TaskGeneration;
  /** The tools/call name, when mcpscope made the call. */
  tool?: string;
  /** The engine call that created it; absent for tasks known only from tasks/list. */
  callId?: string;
  source: 'call' | 'list';
  status: TaskStatus;
  statusMessage?: string;
  /** The server's ISO 8601 text, as sent. */
  createdAt?: string;
  lastUpdatedAt?: string;
  /** null: kept without limit. */
  ttlMs?: number | null;
  pollIntervalMs?: number;
  progress?: { progress: number; total?: number; message?: string };
  /** mcpscope drives it now (polls tasks/get, waits on tasks/result or for input). */
  polling: boolean;
  /** tasks/get requests mcpscope sent for it. */
  polls: number;
  /** The final CallToolResult (completed, or failed with isError: true). */
  result?: Record<string, unknown>;
  /** The JSON-RPC error of a failed task. */
  error?: RpcError;
  firstSeenAt: number;
  updatedAt: number;
}

export interface TaskMessage {
  type: 'task';
  sessionId: string;
  task: TaskInfo;
}

export interface TaskCallOptions extends RequestOptions {
  /** v1: `params.task.ttl` (2025-11-25/basic/utilities/tasks#task-parameters); v2 has no per-request opt-in. */
  ttlMs?: number;
}

/** A task call ends like a request; `task` is the final snapshot when the server made a task. */
export type TaskCallOutcome = RequestOutcome & { task?: TaskInfo };

/** How a tool may be called, by what the server declared (wire: toolTaskMode). */
export type ToolTaskSupport = 'required' | 'optional' | 'forbidden';
