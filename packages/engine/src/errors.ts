import type { ConnectError } from './types.js';

/** Local engine error codes (ARCHITECTURE.md style 4: local errors carry a string code). */
export type EngineErrorCode =
  | 'ENGINE_SPAWN_FAILED'
  | 'ENGINE_EXITED'
  | 'ENGINE_HTTP_STATUS'
  | 'ENGINE_TIMEOUT'
  | 'ENGINE_CONNECT_FAILED'
  | 'ENGINE_NOT_CONNECTED'
  | 'ENGINE_SEND_FAILED'
  | 'ENGINE_SESSION_NOT_FOUND'
  | 'ENGINE_CLOSED';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details?: ConnectError;
  readonly sessionId?: string;

  constructor(code: EngineErrorCode, message: string, extra: { details?: ConnectError; sessionId?: string; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EngineError';
    this.code = code;
    this.details = extra.details;
    this.sessionId = extra.sessionId;
  }
}
