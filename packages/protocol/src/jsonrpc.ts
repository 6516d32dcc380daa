import type { JsonRpcId, JsonRpcMessage } from './events.js';

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

/** Parses one line/body of text into a JSON-RPC object, or says why it is not one. */
export function parseMessageText(text: string): { msg: JsonRpcMessage } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `not JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'not a JSON-RPC object' };
  }
  return { msg: value as JsonRpcMessage };
}
