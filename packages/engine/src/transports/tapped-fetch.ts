import { PROTOCOL_VERSION_META_KEY, type FetchLike } from '@modelcontextprotocol/client';
import type { HttpEvent, JsonRpcMessage } from '@mcpscope/protocol';
import { capResponse, MAX_HTTP_MESSAGE_BYTES, requestIdsOf, type Oversize } from './capped-body.js';
import { readErrorBody } from './error-body.js';
import { describeNetworkError, networkErrorCode } from './network-error.js';

/** An HTTP exchange before the session log stamps it (seq, t, sessionId). */
export type HttpExchange = Omit<HttpEvent, 'type' | 'seq' | 't' | 'sessionId'>;

export interface TappedFetchOptions {
  /** Bodies over the message cap fail their requests at once (capped-body.ts). */
  onOversize?: (x: Oversize) => void;
  /** A JSON-RPC error response that came as the body of an HTTP error status: a frame of its own. */
  onErrorAnswer?: (msg: JsonRpcMessage, size: number) => void;
  /**
   * The transport delivers a 400's JSON-RPC error to a single 2026-07-28+ request itself (the
   * SDK's Streamable HTTP transport does): that answer is framed by the tap, not here.
   */
  transportDeliversModern400?: boolean;
}

function headersToRecord(headers: ConstructorParameters<typeof Headers>[0] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A single request carrying a modern protocol version in `_meta` (the SDK's _isModernEnvelopedRequest). */
function isModernEnveloped(body: unknown): boolean {
  if (typeof body !== 'string' || body.length > MAX_HTTP_MESSAGE_BYTES) return false;
  try {
    const msg = JSON.parse(body) as { method?: unknown; id?: unknown; params?: { _meta?: Record<string, unknown> } } | null;
    if (!msg || Array.isArray(msg) || typeof msg.method !== 'string' || msg.id === undefined) return false;
    const version = msg.params?._meta?.[PROTOCOL_VERSION_META_KEY];
    return typeof version === 'string' && version >= '2026-07-28';
  } catch {
    return false;
  }
}

/**
 * A fetch that reports every HTTP exchange the SDK transports make (method, URL, status,
 * headers, time to headers). Success bodies are not read here: the JSON-RPC content is captured
 * as frames by the transport tap, so reading it twice would duplicate it. An error status's body
 * is read from a clone, bounded (error-body.ts): it is shown on the exchange, and a JSON-RPC
 * error in it becomes the frame answering its request. A network failure is told in plain words.
 */
export function createTappedFetch(
  onExchange: (x: HttpExchange, failure?: { code?: string }) => void,
  base: FetchLike = fetch,
  opts: TappedFetchOptions = {},
): FetchLike {
  return async (input, init) => {
    const started = performance.now();
    const request = new Request(input as string | URL, init as RequestInit);
    const exchange: HttpExchange = {
      method: request.method,
      url: request.url,
      requestHeaders: headersToRecord(init?.headers ?? request.headers),
      durationMs: 0,
    };
    let answer: { msg: JsonRpcMessage; size: number } | undefined;
    let headersAt: number | undefined;
    let failure: { code?: string } | undefined;
    try {
      let response = await base(input, init);
      headersAt = performance.now();
      exchange.status = response.status;
      exchange.responseHeaders = headersToRecord(response.headers);
      exchange.contentType = response.headers.get('content-type') ?? undefined;
      if (response.status >= 400) {
        const body = await readErrorBody(response, init?.body).catch(() => undefined);
        if (body) exchange.responseBody = body.shown;
        const sdkFrames = opts.transportDeliversModern400 === true && response.status === 400 && isModernEnveloped(init?.body);
        if (body?.answer && !sdkFrames) answer = body.answer;
      }
      const { onOversize } = opts;
      if (onOversize)
        response = capResponse(response, MAX_HTTP_MESSAGE_BYTES, (size, detail) =>
          onOversize({ ids: requestIdsOf(init?.body), size, detail }),
        );
      return response;
    } catch (err) {
      exchange.error = describeNetworkError(err, request.url) ?? (err as Error).message;
      failure = { code: networkErrorCode(err) };
      throw err;
    } finally {
      exchange.durationMs = Math.round(((headersAt ?? performance.now()) - started) * 1000) / 1000;
      onExchange(exchange, failure);
      if (answer) opts.onErrorAnswer?.(answer.msg, answer.size);
    }
  };
}
