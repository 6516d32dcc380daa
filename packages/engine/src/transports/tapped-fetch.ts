import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpEvent } from '@mcpscope/protocol';
import { capResponse, MAX_HTTP_MESSAGE_BYTES, requestIdsOf, type Oversize } from './capped-body.js';

/** An HTTP exchange before the session log stamps it (seq, t, sessionId). */
export type HttpExchange = Omit<HttpEvent, 'type' | 'seq' | 't' | 'sessionId'>;

function headersToRecord(headers: ConstructorParameters<typeof Headers>[0] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * A fetch that reports every HTTP exchange the SDK transports make (method, URL, status,
 * headers, time to headers). With `onOversize`, bodies are capped (capped-body.ts). Bodies are not read here: the JSON-RPC content is captured as
 * frames by the transport tap, so reading it twice would duplicate it.
 */
export function createTappedFetch(onExchange: (x: HttpExchange) => void, base: FetchLike = fetch, onOversize?: (x: Oversize) => void): FetchLike {
  return async (input, init) => {
    const started = performance.now();
    const request = new Request(input as string | URL, init as RequestInit);
    const exchange: HttpExchange = {
      method: request.method,
      url: request.url,
      requestHeaders: headersToRecord(init?.headers ?? request.headers),
      durationMs: 0,
    };
    try {
      const response = await base(input, init);
      exchange.status = response.status;
      exchange.responseHeaders = headersToRecord(response.headers);
      exchange.contentType = response.headers.get('content-type') ?? undefined;
      if (!onOversize) return response;
      return capResponse(response, MAX_HTTP_MESSAGE_BYTES, (size, detail) => onOversize({ ids: requestIdsOf(init?.body), size, detail }));
    } catch (err) {
      exchange.error = (err as Error).message;
      throw err;
    } finally {
      exchange.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      onExchange(exchange);
    }
  };
}
