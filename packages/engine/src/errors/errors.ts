import type { ConnectError } from '../session/types.js';

/** Local engine error codes (docs/ARCHITECTURE.md, "Errors: three families and the catalogue": local errors carry a string code). */
export type EngineErrorCode =
  | 'ENGINE_SPAWN_FAILED'
  | 'ENGINE_EXITED'
  | 'ENGINE_HTTP_STATUS'
  /** Connect only: the HTTP server could not be reached (connection refused, DNS, TLS, timeout, reset). */
  | 'ENGINE_UNREACHABLE'
  | 'ENGINE_TIMEOUT'
  | 'ENGINE_CONNECT_FAILED'
  | 'ENGINE_NOT_CONNECTED'
  | 'ENGINE_SEND_FAILED'
  | 'ENGINE_SESSION_NOT_FOUND'
  | 'ENGINE_CLOSED'
  /** HTTP: the server answered 404 to the session's MCP-Session-Id (it forgot it); mcpscope starts a new session, the request is not resent. */
  | 'ENGINE_SESSION_EXPIRED'
  /** HTTP: the server went away mid-session (connection refused, the request's stream cut without its answer). */
  | 'ENGINE_CONNECTION_LOST'
  /** A callId that is already running on this session. */
  | 'ENGINE_CALL_ID_IN_USE'
  /** The negotiated era does not define the method (e.g. ping or logging/setLevel on 2026-07-28). */
  | 'ENGINE_METHOD_NOT_IN_ERA'
  /** The server answered a request the engine made for itself (setLevel, subscribe) with a JSON-RPC error; `data.rpcError`. */
  | 'ENGINE_RPC_ERROR'
  /** The server acknowledged a subscription without the URI asked for. */
  | 'ENGINE_SUBSCRIPTION_REFUSED'
  /** Any other local failure of the SDK client; `data.sdkCode`. */
  | 'ENGINE_REQUEST_FAILED'
  /** No such trace in the traces folder. */
  | 'ENGINE_TRACE_NOT_FOUND'
  /** An uploaded trace over the size limit. */
  | 'ENGINE_TRACE_TOO_LARGE'
  /** The session was opened from a trace: read-only. */
  | 'ENGINE_OFFLINE'
  /** The answer came but mcpscope refused it at the boundary (nested too deep, larger than the cap). */
  | 'ENGINE_RESPONSE_REFUSED'
  /** Task-augmented tools/call the server (its `tasks` capability) or the tool (`execution.taskSupport`) does not support; nothing was sent. */
  | 'ENGINE_TASKS_UNSUPPORTED'
  /** No task with this id is known in the session. */
  | 'ENGINE_TASK_NOT_FOUND'
  /** SEP-2640: a skill file did not match its entry (unlisted, size, digest, frontmatter); `data.reason`, not loaded. */
  | 'ENGINE_SKILL_UNVERIFIED'
  /** mcpscope failed inside this session (a bug met on hostile input): the session was closed. */
  | 'ENGINE_INTERNAL';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details?: ConnectError;
  readonly sessionId?: string;
  /** Machine-readable extras of a request failure (rpcError, sdkCode…). */
  readonly data?: Record<string, unknown>;

  constructor(
    code: EngineErrorCode,
    message: string,
    extra: { details?: ConnectError; sessionId?: string; cause?: unknown; data?: Record<string, unknown> } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EngineError';
    this.code = code;
    this.details = extra.details;
    this.sessionId = extra.sessionId;
    this.data = extra.data;
  }
}
