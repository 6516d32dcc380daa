import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@mcpscope/wire';
import { EngineError, type EngineErrorCode } from '@mcpscope/engine';
import { ERROR_CATALOGUE, type ErrorFamily, type ProxyErrorCode } from './errorCatalogue.js';

export { ERROR_CATALOGUE, ERROR_STATUS, type ErrorFamily, type ProxyErrorCode } from './errorCatalogue.js';

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
    return ERROR_CATALOGUE[this.code].status;
  }

  get family(): ErrorFamily {
    return ERROR_CATALOGUE[this.code].family;
  }

  toBody(): ApiError {
    const error: ApiError['error'] = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}

/**
 * Every engine error code → its catalogue code (a new engine code without one fails to compile
 * here). The engine's local errors keep their string code in `details.engineCode`.
 */
export const ENGINE_ERROR_CODES = {
  // A session that fails to open (the sessions route adds the connect details and session id).
  ENGINE_SPAWN_FAILED: 'MCPSCOPE_ERR_CONNECT_FAILED',
  ENGINE_EXITED: 'MCPSCOPE_ERR_CONNECT_FAILED',
  ENGINE_HTTP_STATUS: 'MCPSCOPE_ERR_CONNECT_FAILED',
  ENGINE_UNREACHABLE: 'MCPSCOPE_ERR_CONNECT_FAILED',
  ENGINE_CONNECT_FAILED: 'MCPSCOPE_ERR_CONNECT_FAILED',
  // An established session's operations.
  ENGINE_TIMEOUT: 'MCPSCOPE_ERR_TIMEOUT',
  ENGINE_NOT_CONNECTED: 'MCPSCOPE_ERR_NOT_CONNECTED',
  ENGINE_CLOSED: 'MCPSCOPE_ERR_NOT_CONNECTED',
  ENGINE_SESSION_EXPIRED: 'MCPSCOPE_ERR_SESSION_EXPIRED',
  ENGINE_CONNECTION_LOST: 'MCPSCOPE_ERR_CONNECTION_LOST',
  ENGINE_SEND_FAILED: 'MCPSCOPE_ERR_SEND_FAILED',
  ENGINE_SESSION_NOT_FOUND: 'MCPSCOPE_ERR_SESSION_NOT_FOUND',
  ENGINE_CALL_ID_IN_USE: 'MCPSCOPE_ERR_CALL_ID_IN_USE',
  ENGINE_METHOD_NOT_IN_ERA: 'MCPSCOPE_ERR_METHOD_NOT_IN_ERA',
  ENGINE_RPC_ERROR: 'MCPSCOPE_ERR_UPSTREAM_ERROR',
  ENGINE_SUBSCRIPTION_REFUSED: 'MCPSCOPE_ERR_SUBSCRIPTION_REFUSED',
  ENGINE_REQUEST_FAILED: 'MCPSCOPE_ERR_REQUEST_FAILED',
  ENGINE_RESPONSE_REFUSED: 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED',
  ENGINE_SKILL_UNVERIFIED: 'MCPSCOPE_ERR_SKILL_UNVERIFIED',
  ENGINE_OFFLINE: 'MCPSCOPE_ERR_OFFLINE',
  ENGINE_TASKS_UNSUPPORTED: 'MCPSCOPE_ERR_TASKS_UNSUPPORTED',
  ENGINE_TASK_NOT_FOUND: 'MCPSCOPE_ERR_TASK_NOT_FOUND',
  ENGINE_TRACE_NOT_FOUND: 'MCPSCOPE_ERR_TRACE_NOT_FOUND',
  ENGINE_TRACE_TOO_LARGE: 'MCPSCOPE_ERR_PAYLOAD_TOO_LARGE',
  ENGINE_INTERNAL: 'MCPSCOPE_ERR_INTERNAL',
} as const satisfies Record<EngineErrorCode, ProxyErrorCode>;

const engineCodeOf = (code: string): ProxyErrorCode =>
  Object.hasOwn(ENGINE_ERROR_CODES, code) ? ENGINE_ERROR_CODES[code as EngineErrorCode] : 'MCPSCOPE_ERR_INTERNAL';

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
    const code = closed ? 'MCPSCOPE_ERR_NOT_CONNECTED' : engineCodeOf(err.code);
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

/**
 * Root error handler: everything leaves as a catalogue error. mcpscope's own failures are logged
 * as errors; the server's (a refused answer, a failed connect, a timeout) are its fault, not
 * mcpscope's, and are logged at info.
 */
export function handleError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const proxyError = toProxyError(err);
  if (proxyError.family === 'mcpscope') request.log.error({ err }, 'request failed');
  else if (proxyError.family === 'server' || proxyError.family === 'oauth')
    request.log.info({ code: proxyError.code, message: proxyError.message }, 'the server failed the request');
  return reply.code(proxyError.statusCode).type('application/json; charset=utf-8').send(proxyError.toBody());
}
