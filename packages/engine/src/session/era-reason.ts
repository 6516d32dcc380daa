import { idKey, messageId, type FrameEvent, type HttpEvent, type SessionEvent } from '@mcpscope/protocol';
import { quoteServerText } from '../events/server-text.js';

/** How a silent probe is told (the start of the reason). */
export const NO_ANSWER = 'no answer to server/discover';

/** What the 2026-07-28 versioning page says of every answer to the probe that is not a modern one. */
export const LEGACY_VERDICT_SPEC =
  '2026-07-28/basic/versioning#backward-compatibility-with-initialization-based-versions: "Anything else identifies a legacy server"';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `-32601 ("Method not found")`: the code and the server's message, quoted on one line. */
function rpcErrorText(error: unknown): string {
  const e = isObject(error) ? error : {};
  const code = typeof e.code === 'number' && Number.isFinite(e.code) ? String(e.code) : '(no code)';
  const message = typeof e.message === 'string' && e.message.trim() !== '' ? ` ("${quoteServerText(e.message, 100)}")` : '';
  return `${code}${message}`;
}

/** A JSON-RPC error in an HTTP error body, if the body is one. */
function bodyError(body: string | undefined): unknown {
  if (!body || body.length > 64 * 1024) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isObject(parsed) && Object.hasOwn(parsed, 'error') ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** `HTTP 404 (JSON-RPC error -32001 ("Session not found"))`, or `HTTP 502: <the body's start>`: an error status and what came with it. */
export function httpStatusText(x: Pick<HttpEvent, 'status' | 'responseBody'>): string {
  const status = `HTTP ${x.status}`;
  const error = bodyError(x.responseBody);
  if (error !== undefined) return `${status} (JSON-RPC error ${rpcErrorText(error)})`;
  return x.responseBody?.trim() ? `${status}: ${quoteServerText(x.responseBody, 80)}` : status;
}

function httpAnswer(x: HttpEvent): string {
  if (x.status !== undefined && x.status < 300)
    return `server/discover answered HTTP ${x.status} with ${x.contentType ? quoteServerText(x.contentType, 60) : 'no content type'}, not JSON-RPC`;
  return `server/discover answered ${httpStatusText(x)}`;
}

function resultAnswer(result: unknown): string {
  const versions = isObject(result) ? result.supportedVersions : undefined;
  if (Array.isArray(versions) && versions.length > 0 && versions.every((v) => typeof v === 'string')) {
    return `server/discover offered ${quoteServerText(versions.join(', '), 80)}, none of which mcpscope speaks`;
  }
  return 'server/discover answered with a result that is not a discover result';
}

/**
 * Why the probe did not make the session modern, from what the log holds since `fromSeq`: the
 * answer to the last `server/discover` (a JSON-RPC error, a result that is not a discover
 * result), else the HTTP exchange that carried it (a status, a body that is not JSON-RPC), else
 * silence (`no answer … within`). Undefined when no probe was sent. Server text is quoted on one
 * line, escaped and clipped.
 */
export function probeAnswer(events: readonly SessionEvent[], opts: { fromSeq?: number; probeTimeoutMs?: number } = {}): string | undefined {
  const from = opts.fromSeq ?? 0;
  let probe: FrameEvent | undefined;
  for (let i = events.length - 1; i >= 0 && events[i]!.seq >= from; i--) {
    const e = events[i]!;
    if (e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'server/discover') {
      probe = e;
      break;
    }
  }
  const id = probe ? messageId(probe.msg) : undefined;
  if (!probe || id === undefined) return undefined;
  let exchange: HttpEvent | undefined;
  for (const e of events) {
    if (e.seq <= probe.seq) continue;
    if (e.type === 'frame' && e.dir === 'in' && e.msg && typeof e.msg.method !== 'string') {
      const answered = messageId(e.msg);
      if (answered === undefined || idKey(answered) !== idKey(id)) continue;
      if (Object.hasOwn(e.msg, 'error')) return `server/discover answered JSON-RPC error ${rpcErrorText(e.msg.error)}`;
      return resultAnswer(e.msg.result);
    }
    if (e.type === 'http' && e.method === 'POST' && e.requestHeaders['mcp-method'] === 'server/discover') exchange ??= e;
  }
  if (exchange?.status !== undefined) return httpAnswer(exchange);
  if (exchange?.error) return `server/discover failed: ${exchange.error}`;
  return opts.probeTimeoutMs === undefined ? NO_ANSWER : `${NO_ANSWER} within ${opts.probeTimeoutMs} ms`;
}
