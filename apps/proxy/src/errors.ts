import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@mcpscope/wire';
import { EngineError } from '@mcpscope/engine';

/**
 * The one catalogue of proxy HTTP errors: code → status. Every error body the proxy sends is
 * `{ error: { code, message, details? } }` (ApiErrorSchema in @mcpscope/wire).
 */
export const ERROR_STATUS = {
  MCPSCOPE_ERR_BAD_REQUEST: 400,
  MCPSCOPE_ERR_UNAUTHORIZED: 401,
  /** POST /api/session-code with a code that is unknown, expired (60 s) or already exchanged. */
  MCPSCOPE_ERR_SESSION_CODE_INVALID: 401,
  MCPSCOPE_ERR_FORBIDDEN_HOST: 403,
  MCPSCOPE_ERR_FORBIDDEN_ORIGIN: 403,
  MCPSCOPE_ERR_NOT_FOUND: 404,
  MCPSCOPE_ERR_SESSION_NOT_FOUND: 404,
  MCPSCOPE_ERR_REQUEST_NOT_FOUND: 404,
  /** DELETE …/requests/:callId for a call that is not running (unknown or finished). */
  MCPSCOPE_ERR_CALL_NOT_FOUND: 404,
  /** DELETE …/subscriptions?uri= for a URI not subscribed to. */
  MCPSCOPE_ERR_SUBSCRIPTION_NOT_FOUND: 404,
  /** …/tasks/:taskId for a task the session does not know (issue 13). */
  MCPSCOPE_ERR_TASK_NOT_FOUND: 404,
  MCPSCOPE_ERR_NOT_CONNECTED: 409,
  /** The session was opened from a trace (or is wrapped): read-only. */
  MCPSCOPE_ERR_OFFLINE: 409,
  /** No such trace in the traces folder. */
  MCPSCOPE_ERR_TRACE_NOT_FOUND: 404,
  /** An uploaded file that is not an mcpscope trace v1. */
  MCPSCOPE_ERR_BAD_TRACE: 422,
  /** A callId that is still running on the session. */
  MCPSCOPE_ERR_CALL_ID_IN_USE: 409,
  MCPSCOPE_ERR_PAYLOAD_TOO_LARGE: 413,
  MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  /** The OTLP receiver: more spans or bytes than the session's budget right now (Retry-After says when to come back). */
  MCPSCOPE_ERR_RATE_LIMITED: 429,
  /** The negotiated protocol era has no such method (e.g. ping on 2026-07-28); nothing was sent. */
  MCPSCOPE_ERR_METHOD_NOT_IN_ERA: 422,
  /** The server acknowledged the subscription without the URI. */
  MCPSCOPE_ERR_SUBSCRIPTION_REFUSED: 422,
  /** A task operation the server (its tasks capability) or the tool (execution.taskSupport) does not support; nothing was sent. */
  MCPSCOPE_ERR_TASKS_UNSUPPORTED: 422,
  MCPSCOPE_ERR_INTERNAL: 500,
  MCPSCOPE_ERR_CONNECT_FAILED: 502,
  MCPSCOPE_ERR_SEND_FAILED: 502,
  /** The server answered a request the proxy made for itself (setLevel, subscribe) with a JSON-RPC error: `details.rpcError`. */
  MCPSCOPE_ERR_UPSTREAM_ERROR: 502,
  /** The SDK client failed locally (e.g. too many input rounds): `details.sdkCode`. */
  MCPSCOPE_ERR_REQUEST_FAILED: 502,
  MCPSCOPE_ERR_TIMEOUT: 504,
  /** A request that only the app answers arrived during start-up and waited too long for it (./early/). */
  MCPSCOPE_ERR_STARTING: 503,
  /** An OAuth authorization failed (discovery, registration, the AS's error, token exchange): `details.message`. */
  MCPSCOPE_ERR_OAUTH_FAILED: 502,
  /** OAuth on a session that cannot use it (stdio). */
  MCPSCOPE_ERR_OAUTH_UNSUPPORTED: 422,
  /** …/oauth/guided/next while no Guided authorization is paused (none started, running, waiting or finished). */
  MCPSCOPE_ERR_OAUTH_NOT_PAUSED: 409,
} as const;

export type ProxyErrorCode = keyof typeof ERROR_STATUS;

export class ProxyError extends Error {
  readonly code: ProxyErrorCode;
  readonly details?: unknown;

  constructor(code: ProxyErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ProxyError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiError {
    const error: ApiError['error'] = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}

/** Engine error codes of an established session's operations → catalogue codes. */
const ENGINE_CODES: Record<string, ProxyErrorCode> = {
  ENGINE_NOT_CONNECTED: 'MCPSCOPE_ERR_NOT_CONNECTED',
  ENGINE_TIMEOUT: 'MCPSCOPE_ERR_TIMEOUT',
  ENGINE_SEND_FAILED: 'MCPSCOPE_ERR_SEND_FAILED',
  ENGINE_SESSION_NOT_FOUND: 'MCPSCOPE_ERR_SESSION_NOT_FOUND',
  ENGINE_CLOSED: 'MCPSCOPE_ERR_NOT_CONNECTED',
  ENGINE_CALL_ID_IN_USE: 'MCPSCOPE_ERR_CALL_ID_IN_USE',
  ENGINE_METHOD_NOT_IN_ERA: 'MCPSCOPE_ERR_METHOD_NOT_IN_ERA',
  ENGINE_SUBSCRIPTION_REFUSED: 'MCPSCOPE_ERR_SUBSCRIPTION_REFUSED',
  ENGINE_RPC_ERROR: 'MCPSCOPE_ERR_UPSTREAM_ERROR',
  ENGINE_REQUEST_FAILED: 'MCPSCOPE_ERR_REQUEST_FAILED',
  ENGINE_OFFLINE: 'MCPSCOPE_ERR_OFFLINE',
  ENGINE_TASKS_UNSUPPORTED: 'MCPSCOPE_ERR_TASKS_UNSUPPORTED',
  ENGINE_TASK_NOT_FOUND: 'MCPSCOPE_ERR_TASK_NOT_FOUND',
  ENGINE_TRACE_NOT_FOUND: 'MCPSCOPE_ERR_TRACE_NOT_FOUND',
  ENGINE_TRACE_TOO_LARGE: 'MCPSCOPE_ERR_PAYLOAD_TOO_LARGE',
};

/** Fastify's own 4xx errors (body parsing, content type, limits) by status. */
const FASTIFY_STATUS: Record<number, ProxyErrorCode> = {
  404: 'MCPSCOPE_ERR_NOT_FOUND',
  413: 'MCPSCOPE_ERR_PAYLOAD_TOO_LARGE',
  415: 'MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE',
};

export function toProxyError(err: unknown): ProxyError {
  if (err instanceof ProxyError) return err;
  if (err instanceof EngineError) {
    // A request cut short because its session closed is "not connected", not a send failure.
    const closed = err.cause instanceof EngineError && err.cause.code === 'ENGINE_CLOSED';
    const code = closed ? 'MCPSCOPE_ERR_NOT_CONNECTED' : (ENGINE_CODES[err.code] ?? 'MCPSCOPE_ERR_INTERNAL');
    const details = { engineCode: err.code, ...(err.sessionId === undefined ? {} : { sessionId: err.sessionId }), ...err.data };
    return new ProxyError(code, err.message, details);
  }
  const status = (err as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return new ProxyError(FASTIFY_STATUS[status] ?? 'MCPSCOPE_ERR_BAD_REQUEST', message);
  }
  return new ProxyError('MCPSCOPE_ERR_INTERNAL', 'Internal error');
}

/** Root error handler: everything leaves as a catalogue error; 5xx are logged. */
export function handleError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const proxyError = toProxyError(err);
  if (proxyError.statusCode >= 500) request.log.error({ err }, 'request failed');
  return reply.code(proxyError.statusCode).type('application/json; charset=utf-8').send(proxyError.toBody());
}
