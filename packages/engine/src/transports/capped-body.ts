import { idKey, type JsonRpcId } from '@mcpscope/protocol';

/** Largest HTTP message mcpscope reads: a JSON body, or one SSE event. The stdio line cap's twin. */
export const MAX_HTTP_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface Oversize {
  /** Ids of the requests the POST carried: their answer will not come. */
  ids: JsonRpcId[];
  detail: string;
  size: number;
}

/** The request ids in a POST body the SDK sent (one message or a batch); none for anything else. */
export function requestIdsOf(body: unknown): JsonRpcId[] {
  if (typeof body !== 'string' || body.length > MAX_HTTP_MESSAGE_BYTES) return [];
  try {
    const value = JSON.parse(body) as unknown;
    const ids = new Map<string, JsonRpcId>();
    for (const m of Array.isArray(value) ? value : [value]) {
      const id = (m as { id?: unknown; method?: unknown } | null)?.id;
      if ((typeof id === 'string' || typeof id === 'number') && typeof (m as { method?: unknown }).method === 'string')
        ids.set(idKey(id), id);
    }
    return [...ids.values()];
  } catch {
    return [];
  }
}

/**
 * A response whose body errors once a JSON body, or one SSE event (bytes since the last blank
 * line), grows past `max` — before the SDK buffers it whole. `onOversize` runs first, so the
 * requests it answers fail at once with a clear reason instead of at their timeout.
 */
export function capResponse(response: Response, max: number, onOversize: (size: number, detail: string) => void): Response {
  if (!response.body) return response;
  const sse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  let size = 0;
  // SSE: length of the current line and whether the event has any line yet (state across chunks).
  let lineLength = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!sse) size += chunk.length;
        else {
          let from = 0;
          for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
            lineLength += nl - from;
            size += nl - from + 1;
            // A blank line (empty, or a lone \r) ends the event: the next one starts from zero.
            const blank = lineLength === 0 || (lineLength === 1 && chunk[nl - 1] === 0x0d);
            if (blank) size = 0;
            lineLength = 0;
            from = nl + 1;
          }
          lineLength += chunk.length - from;
          size += chunk.length - from;
        }
        if (size > max) {
          const detail = `${sse ? 'an SSE event' : 'an HTTP body'} longer than ${max} bytes (the message cap)`;
          onOversize(size, detail);
          controller.error(new Error(`mcpscope refused ${detail}`));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
