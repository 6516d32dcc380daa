import type { SendMessageBody } from '@mcpscope/wire';

export type DraftResult = { ok: true; body: SendMessageBody } | { ok: false; error: string };

/**
 * Checks the editor text before anything is sent: one JSON-RPC request or notification object
 * (JSON-RPC 2.0 §4: `method` a string, `params` a structured value; a notification has no id).
 */
export function parseDraft(text: string, notification: boolean, timeoutMs?: number): DraftResult {
  if (text.trim() === '') return { ok: false, error: 'The message is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Invalid JSON: ${(err as Error).message}` };
  }
  if (Array.isArray(value)) return { ok: false, error: 'Batches are not supported: send one message at a time' };
  if (value === null || typeof value !== 'object') return { ok: false, error: 'The message must be a JSON object' };
  const msg = value as Record<string, unknown>;
  if (typeof msg.method !== 'string' || msg.method === '') return { ok: false, error: '"method" must be a non-empty string' };
  if ('jsonrpc' in msg && msg.jsonrpc !== '2.0') return { ok: false, error: '"jsonrpc" must be "2.0"' };
  if ('params' in msg && (msg.params === null || typeof msg.params !== 'object'))
    return { ok: false, error: '"params" must be an object or an array' };
  if ('result' in msg || 'error' in msg)
    return { ok: false, error: 'Responses cannot be sent from here; answer server requests in the tray' };
  if ('id' in msg) {
    if (notification) return { ok: false, error: 'A notification has no "id": remove it, or untick "Notification"' };
    if (typeof msg.id !== 'string' && typeof msg.id !== 'number') return { ok: false, error: '"id" must be a string or a number' };
  }
  const message = msg as SendMessageBody['message'];
  return { ok: true, body: { message, notification, ...(timeoutMs ? { timeoutMs } : {}) } };
}
