import { idKey, type JsonRpcMessage } from '@mcpscope/protocol';
import { requestIdsOf } from './capped-body.js';
import { parseStdoutLine } from './stdout-line.js';

/** How much of an error response's body is shown (HTTP event, connect error). */
export const SHOWN_BODY_BYTES = 4 * 1024;
/** How much is read to find a JSON-RPC error in it: error bodies are small; a larger one is only shown. */
const READ_BODY_BYTES = 64 * 1024;

export interface ErrorBody {
  /** The first SHOWN_BODY_BYTES, as text (a note says how much was left out). */
  shown: string;
  /** A JSON-RPC error response in the body that answers a request of the POST, if any. */
  answer?: { msg: JsonRpcMessage; size: number };
}

/** Reads up to `max` bytes of a body and cancels the rest (the caller's copy of it is untouched). */
async function readAtMost(body: ReadableStream<Uint8Array>, max: number): Promise<{ bytes: Uint8Array; more: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let more = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
      if (size > max) {
        more = true;
        break;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { bytes: Buffer.concat(chunks).subarray(0, max), more };
}

/**
 * The body of an HTTP error response (status ≥ 400), read from a clone with a bounded read so
 * the SDK still reads the original whole. A JSON body that is a JSON-RPC error response to one
 * of the requests the POST carried is returned as its answer: it belongs in the frame log.
 */
export async function readErrorBody(response: Response, requestBody: unknown): Promise<ErrorBody | undefined> {
  if (!response.body || (response.headers.get('content-type') ?? '').includes('text/event-stream')) return undefined;
  const { bytes, more } = await readAtMost(response.clone().body!, READ_BODY_BYTES);
  const text = new TextDecoder().decode(bytes);
  const shownText =
    Buffer.byteLength(text) > SHOWN_BODY_BYTES ? new TextDecoder().decode(Buffer.from(text).subarray(0, SHOWN_BODY_BYTES)) : text;
  const shown = shownText.length < text.length || more ? `${shownText}… [cut by mcpscope after ${SHOWN_BODY_BYTES} bytes]` : text;
  if (more) return { shown };
  const line = parseStdoutLine(text.trim());
  if (!('messages' in line) || line.batch) return { shown };
  const msg = line.messages[0]!;
  const id = msg.id;
  const asked = new Set(requestIdsOf(requestBody).map(idKey));
  const answers =
    (typeof id === 'string' || typeof id === 'number') && asked.has(idKey(id)) && typeof msg.method !== 'string' && msg.error !== undefined;
  return answers ? { shown, answer: { msg, size: bytes.length } } : { shown };
}
