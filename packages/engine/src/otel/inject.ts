import {
  isRecord,
  formatTraceparent,
  ownValue,
  TRACEPARENT_KEY,
  TRACEPARENT_PATH,
  TRACESTATE_KEY,
  TRACESTATE_PATH,
  type JsonRpcMessage,
} from '@mcpscope/protocol';
import { randomSpanId } from './identity.js';

/** The trace context a session sends when the user turned it on. */
export interface OutgoingContext {
  traceId: string;
  traceState?: string;
}

/**
 * A request or notification with W3C trace context added in `params._meta` ("Instrumentations
 * SHOULD propagate trace context inside MCP request params._meta property bag", OpenTelemetry
 * semantic conventions for MCP; 2026-07-28/basic/index reserves the keys): a fresh span id, the
 * session's trace id. The message itself is not changed (a copy is returned) and a message that
 * already carries a traceparent (a user's own, in the composer) is sent as written. Undefined:
 * nothing added (a response, params that are not an object).
 */
export function withTraceContext(
  message: JsonRpcMessage,
  context: OutgoingContext,
): { message: JsonRpcMessage; added: string[] } | undefined {
  if (typeof ownValue(message, 'method') !== 'string') return undefined;
  const params = ownValue(message, 'params');
  if (params !== undefined && !isRecord(params)) return undefined;
  const meta = params === undefined ? undefined : ownValue(params, '_meta');
  if (meta !== undefined && !isRecord(meta)) return undefined;
  if (meta !== undefined && Object.hasOwn(meta, TRACEPARENT_KEY)) return undefined;
  const added = [TRACEPARENT_PATH];
  const extra: Record<string, string> = { [TRACEPARENT_KEY]: formatTraceparent(context.traceId, randomSpanId()) };
  if (context.traceState && !(meta && Object.hasOwn(meta, TRACESTATE_KEY))) {
    extra[TRACESTATE_KEY] = context.traceState;
    added.push(TRACESTATE_PATH);
  }
  return { message: { ...message, params: { ...(params ?? {}), _meta: { ...(meta ?? {}), ...extra } } }, added };
}
