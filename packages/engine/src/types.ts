import type { SessionEvent } from '@mcpscope/protocol';

/**
 * Engine-side shapes of session configuration and state. apps/proxy parses HTTP bodies with
 * the zod schemas in @mcpscope/wire, which must stay assignable to these (the proxy's
 * typecheck proves it).
 */
export interface StdioSessionConfig {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  name?: string;
}

export interface HttpSessionConfig {
  transport: 'http' | 'sse' | 'auto';
  url: string;
  headers: Record<string, string>;
  bearerToken?: string;
  name?: string;
}

export type SessionConfig = StdioSessionConfig | HttpSessionConfig;

export type SessionState = 'connecting' | 'connected' | 'failed' | 'closed';

/** Why a connect failed, with what a user needs to fix it. */
export interface ConnectError {
  /** Local error code, e.g. ENGINE_SPAWN_FAILED, ENGINE_EXITED, ENGINE_HTTP_STATUS, ENGINE_TIMEOUT. */
  code: string;
  message: string;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string[];
  httpStatus?: number;
  httpHeaders?: Record<string, string>;
}

export interface SessionInfo {
  id: string;
  name: string;
  state: SessionState;
  transport: 'stdio' | 'http' | 'sse';
  target: string;
  createdAt: number;
  wrapped: boolean;
  pid?: number;
  era?: 'legacy' | 'modern';
  protocolVersion?: string;
  serverInfo?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  clientCapabilities?: Record<string, unknown>;
  instructions?: string;
  mcpSessionId?: string;
  error?: ConnectError;
}

export interface PendingServerRequest {
  sessionId: string;
  /** The server's JSON-RPC id as a string key (`idKey`): "n:3" or "s:abc". */
  requestId: string;
  method: string;
  params: unknown;
  receivedAt: number;
}

export type ServerRequestAnswer =
  | { result: Record<string, unknown> }
  | { error: { code: number; message: string; data?: unknown } };

/** Everything the engine tells its subscribers, in order. */
export type EngineMessage =
  | { type: 'session'; session: SessionInfo }
  | { type: 'session-removed'; sessionId: string }
  | { type: 'server-request'; request: PendingServerRequest }
  | { type: 'server-request-done'; sessionId: string; requestId: string }
  | SessionEvent;

export interface OpenOptions {
  /** Write a trace v1 of this session to this file. */
  record?: string;
  /** Keep secrets in the trace (default: redacted). */
  noRedact?: boolean;
  /** Give up connecting after this long (default 30 s). */
  connectTimeoutMs?: number;
}

export interface SendOptions {
  notification?: boolean;
  timeoutMs?: number;
}

export interface SendResult {
  response?: Record<string, unknown>;
  latencyMs?: number;
}
