import type { FrameOrigin } from '@mcpscope/protocol';

/**
 * How a Session.request call is asked for and how it ends: the tasks' types build on them, so
 * they live in a file that imports neither session/types.ts nor tasks/types.ts.
 */
export interface RequestOptions {
  /** Chosen by the caller to cancel the call later; default a random UUID. */
  callId?: string;
  /** Per response (or per progress, see below); default 60 000 ms. */
  timeoutMs?: number;
  /** Every `notifications/progress` restarts the timeout (default true). */
  resetTimeoutOnProgress?: boolean;
  /** A hard limit for the whole call, progress or not, input rounds included. */
  maxTotalTimeoutMs?: number;
  /** Aborting it cancels the call, like cancelRequest(callId). */
  signal?: AbortSignal;
  /**
   * Why it is sent: stamped on its requests (input rounds included). Default: the ambient origin
   * (origin.ts withOrigin) when the call starts, else `unattributed`.
   */
  origin?: FrameOrigin;
}

/**
 * How a Session.request call ended. A JSON-RPC error is an outcome, not an exception (it is what
 * the user asked to see); `isError: true` tool results are results. `source: 'input'`: on
 * 2026-07-28 one of the call's input requests was answered with this error (or the answer was
 * invalid), so the SDK did not retry and nothing more went over the wire; `'server'`: the
 * server's own error response.
 */
export type RequestOutcome =
  | { callId: string; outcome: 'result'; result: Record<string, unknown>; latencyMs: number }
  | {
      callId: string;
      outcome: 'error';
      error: { code: number; message: string; data?: unknown };
      source: 'server' | 'input';
      latencyMs: number;
    }
  | { callId: string; outcome: 'cancelled'; latencyMs: number };
