import type { JsonRpcId, JsonRpcMessage } from './events.js';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from './limits.js';

export type MessageKind = 'request' | 'notification' | 'response' | 'error' | 'invalid';

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Classifies a JSON-RPC 2.0 message by shape (JSON-RPC 2.0 §4, §5). */
export function classifyMessage(msg: JsonRpcMessage): MessageKind {
  if (typeof msg.method === 'string') {
    if (!('id' in msg)) return 'notification';
    return isId(msg.id) ? 'request' : 'invalid';
  }
  if ('result' in msg && !('error' in msg) && isId(msg.id)) return 'response';
  if ('error' in msg && !('result' in msg) && (isId(msg.id) || msg.id === null)) return 'error';
  return 'invalid';
}

export function messageMethod(msg: JsonRpcMessage | undefined): string | undefined {
  return msg && typeof msg.method === 'string' ? msg.method : undefined;
}

export function messageId(msg: JsonRpcMessage | undefined): JsonRpcId | undefined {
  return msg && isId(msg.id) ? msg.id : undefined;
}

/** A map key that keeps the string "1" and the number 1 apart, as JSON-RPC does. */
export function idKey(id: JsonRpcId): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`;
}

export type ParseFailure = { error: string; code: 'not-json' | 'not-object' | 'too-deep' };

/**
 * Parses one line/body of text into a JSON-RPC object, or says why it is not one. Text nested
 * deeper than MAX_JSON_DEPTH is refused before parsing (the boundary's nesting cap).
 */
export function parseMessageText(text: string): { msg: JsonRpcMessage } | ParseFailure {
  if (jsonTextTooDeep(text)) return { error: `nested deeper than ${MAX_JSON_DEPTH} levels`, code: 'too-deep' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `not JSON: ${(err as Error).message}`, code: 'not-json' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'not a JSON-RPC object', code: 'not-object' };
  }
  return { msg: value as JsonRpcMessage };
}

/**
 * The top-level `id` of a response that could not be delivered (too deep, too large, truncated),
 * read from the start and the end of its text without parsing it: enough to fail the request it
 * answers at once instead of at its timeout. Undefined when no top-level id is found.
 */
export function peekResponseId(text: string): JsonRpcId | undefined {
  const head =
    /^\s*\{\s*(?:"(?:jsonrpc|result|error)"\s*:\s*(?:"[^"\\]{0,16}"\s*,\s*)?)?"id"\s*:\s*(-?\d{1,16}(?=\s*[,}])|"(?:[^"\\]|\\.){0,256}")/.exec(
      text.slice(0, 512),
    );
  const tail = /[,{]\s*"id"\s*:\s*(-?\d{1,16}(?=\s*[,}])|"(?:[^"\\]|\\.){0,256}")\s*\}\s*$/.exec(text.slice(-512));
  // A request or notification from the server has a top-level method: its id is not one of ours.
  if (/^\s*\{[^{}[\]]*"method"\s*:/.test(text.slice(0, 512))) return undefined;
  const found = head?.[1] ?? tail?.[1];
  if (found === undefined) return undefined;
  try {
    const id = JSON.parse(found) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}
