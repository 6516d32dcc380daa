import type { FrameEvent, HttpEvent, SessionEvent } from '@mcpscope/protocol';
import type { TraceHeader } from './header.js';
import { safeStringify } from './json-walk.js';

interface HarHeader {
  name: string;
  value: string;
}

/** UTF-8 byte length (no TextEncoder: this package stays free of host APIs). */
function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

function queryString(url: string): HarHeader[] {
  const q = url.split('#')[0].split('?')[1];
  if (!q) return [];
  return q.split('&').map((pair) => {
    const [name, value = ''] = pair.split('=');
    const decode = (s: string) => safeDecode(s.replace(/\+/g, ' '));
    return { name: decode(name), value: decode(value) };
  });
}

/** A malformed %-escape in a server-provided URL stays as written instead of throwing. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const headerList = (h: Record<string, string> | undefined): HarHeader[] =>
  Object.entries(h ?? {}).map(([name, value]) => ({ name, value }));

/**
 * HAR 1.2 of a session's HTTP exchanges (Streamable HTTP and HTTP+SSE transports). Bodies come
 * from the frames: a POST carries the JSON-RPC message sent just before it, and its response
 * content is the message(s) that answered it. Headers are as recorded (so redacted in a
 * redacted trace). Never throws on hostile content: bodies nested deeper than MAX_JSON_DEPTH
 * are capped and a malformed query string is kept as written.
 */
export function toHar(header: Pick<TraceHeader, 'createdAt' | 'tool'>, events: Iterable<SessionEvent>): object {
  const start = Date.parse(header.createdAt);
  const outFrames: FrameEvent[] = [];
  const answers = new Map<number, FrameEvent[]>();
  const https: HttpEvent[] = [];
  for (const e of events) {
    // App-channel frames (an MCP App view ⇄ mcpscope) crossed no HTTP exchange.
    if (e.type === 'frame' && e.channel === 'app') continue;
    if (e.type === 'frame' && e.dir === 'out' && e.msg) outFrames.push(e);
    if (e.type === 'frame' && e.dir === 'in' && e.pair) answers.set(e.pair.requestSeq, [...(answers.get(e.pair.requestSeq) ?? []), e]);
    if (e.type === 'http') https.push(e);
  }
  const unassigned = [...outFrames];
  const entries = https.map((h) => {
    let sent: FrameEvent | undefined;
    if (h.method === 'POST') {
      const i = unassigned.findIndex((f) => f.seq < h.seq);
      if (i >= 0) sent = unassigned.splice(i, 1)[0];
    }
    const replies = sent ? (answers.get(sent.seq) ?? []) : [];
    const body = sent ? safeStringify(sent.msg) : undefined;
    const content = replies.length === 0 ? undefined : safeStringify(replies.length === 1 ? replies[0].msg : replies.map((r) => r.msg));
    return {
      startedDateTime: new Date(start + h.t - h.durationMs).toISOString(),
      time: h.durationMs,
      request: {
        method: h.method,
        url: h.url,
        httpVersion: 'HTTP/1.1',
        headers: headerList(h.requestHeaders),
        queryString: queryString(h.url),
        cookies: [],
        headersSize: -1,
        bodySize: body === undefined ? 0 : utf8Length(body),
        ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: body } }),
      },
      response: {
        status: h.status ?? 0,
        statusText: h.error ?? '',
        httpVersion: 'HTTP/1.1',
        headers: headerList(h.responseHeaders),
        cookies: [],
        content: {
          size: content === undefined ? 0 : utf8Length(content),
          mimeType: h.contentType ?? '',
          ...(content === undefined ? {} : { text: content }),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: h.durationMs, receive: 0 },
      _mcpscope: { seq: h.seq, requestSeq: sent?.seq },
    };
  });
  return { log: { version: '1.2', creator: { name: header.tool.name, version: header.tool.version }, pages: [], entries } };
}
