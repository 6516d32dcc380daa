import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { EngineError } from './errors.js';
import { describeNetworkError } from '../transports/network-error.js';
import type { RpcError } from './rpc-error.js';

export type { RpcError } from './rpc-error.js';

/** The JSON-RPC error object of a ProtocolError (the SDK's "server answered with an error"). */
export function rpcErrorOf(err: ProtocolError): RpcError {
  return { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) };
}

/** A request whose HTTP exchange failed on the network: the connection is lost (the CLI's exit 2), not a local failure. */
function connectionLost(method: string, network: string, cause: unknown, data?: Record<string, unknown>): EngineError {
  return new EngineError('ENGINE_CONNECTION_LOST', `${method} failed: ${network}`, { cause, ...(data ? { data } : {}) });
}

/**
 * Maps what the SDK client threw for `method` onto the engine's local error family. JSON-RPC
 * errors from the server are not handled here: callers turn those into outcomes first.
 */
export function engineErrorFromSdk(err: unknown, method: string, timeoutMs?: number): EngineError {
  if (err instanceof EngineError) return err;
  if (err instanceof SdkError) {
    const data = { sdkCode: err.code, ...(err.data === undefined ? {} : { sdkData: err.data }) };
    switch (err.code) {
      case SdkErrorCode.RequestTimeout: {
        const limit = timeoutMs === undefined ? '' : ` within ${timeoutMs} ms`;
        return new EngineError('ENGINE_TIMEOUT', `No response to ${method}${limit} (${err.message})`, { cause: err, data });
      }
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
        return new EngineError('ENGINE_CLOSED', `The connection closed during ${method}`, { cause: err, data });
      case SdkErrorCode.MethodNotSupportedByProtocolVersion:
        return new EngineError('ENGINE_METHOD_NOT_IN_ERA', err.message, { cause: err, data });
      default: {
        const network = describeNetworkError(err);
        if (network) return connectionLost(method, network, err, data);
        return new EngineError('ENGINE_REQUEST_FAILED', `${method} failed locally: ${err.message}`, { cause: err, data });
      }
    }
  }
  if (err instanceof ProtocolError) {
    return new EngineError('ENGINE_RPC_ERROR', `${method} failed with JSON-RPC error ${err.code}: ${err.message}`, {
      cause: err,
      data: { rpcError: rpcErrorOf(err) },
    });
  }
  const network = describeNetworkError(err);
  if (network) return connectionLost(method, network, err);
  const message = err instanceof Error ? err.message : String(err);
  return new EngineError('ENGINE_REQUEST_FAILED', `${method} failed locally: ${message}`, { cause: err });
}
