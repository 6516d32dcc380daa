import type { FrameEvent } from './events.js';
import { classifyMessage, messageMethod } from './jsonrpc.js';

/**
 * The frame filter grammar, shared by the UI and headless commands. Space-separated terms,
 * all of which must match:
 *   word            the frame's text (method, JSON) contains `word` (case-insensitive)
 *   method:tools/*  the method (of a request/notification, or of the request a response answers)
 *   dir:in | dir:out
 *   is:request | is:notification | is:response | is:error | is:raw
 *   has:finding | has:error | has:warning | has:info   frames with a lint finding (of that severity)
 *   origin:user     outgoing frames a person caused (a UI action, a CLI command)
 *   origin:auto     outgoing frames mcpscope sent on its own (handshake, probes, replies…);
 *                   `origin:mcpscope` is the same
 *   origin:word     outgoing frames whose origin reason contains `word` (case-insensitive),
 *                   e.g. origin:handshake, origin:fallback, origin:cli, origin:app (the server
 *                   requests an MCP App made through mcpscope)
 *   channel:app     the conversation between mcpscope and an MCP App view (postMessage)
 *   channel:server  the server connection (every frame not on the app channel)
 *   app:text        app-channel frames whose view's ui:// URI contains `text` (case-insensitive)
 *   -term           negates any of the above
 */
export interface FrameFilter {
  test(frame: FrameEvent, text: () => string): boolean;
}

type Predicate = (frame: FrameEvent, text: () => string) => boolean;

function globToRegExp(glob: string): RegExp {
  // Runs of `*` collapse to one `.*`: `a****b` must not become a backtracking bomb on a long method.
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*+/g, '.*');
  return new RegExp(`^${escaped}`, 'i');
}

export function frameMethod(frame: FrameEvent): string | undefined {
  return messageMethod(frame.msg) ?? frame.pair?.method;
}

export function frameKind(frame: FrameEvent): 'raw' | ReturnType<typeof classifyMessage> {
  return frame.msg ? classifyMessage(frame.msg) : 'raw';
}

/** Frames without an origin (incoming ones, wrap and older traces) match no origin term. */
function originPredicate(want: string): Predicate {
  if (want === 'user') return (f) => f.origin?.by === 'user';
  if (want === 'auto' || want === 'mcpscope') return (f) => f.origin?.by === 'mcpscope';
  return (f) => typeof f.origin?.reason === 'string' && f.origin.reason.toLowerCase().includes(want);
}

/** `channel:app` / `channel:server`; any other channel matches nothing. */
function channelPredicate(want: string): Predicate {
  if (want === 'app') return (f) => f.channel === 'app';
  if (want === 'server') return (f) => f.channel !== 'app';
  return () => false;
}

function termPredicate(term: string): Predicate {
  const colon = term.indexOf(':');
  const key = colon > 0 ? term.slice(0, colon).toLowerCase() : '';
  const value = colon > 0 ? term.slice(colon + 1) : term;
  if (key === 'method') {
    const re = globToRegExp(value);
    return (f) => re.test(frameMethod(f) ?? '');
  }
  if (key === 'dir') return (f) => f.dir === value.toLowerCase();
  if (key === 'is') {
    const want = value.toLowerCase();
    return (f) => frameKind(f) === want || (want === 'error' && f.findings?.some((x) => x.severity === 'error') === true);
  }
  if (key === 'origin') return originPredicate(value.toLowerCase());
  if (key === 'channel') return channelPredicate(value.toLowerCase());
  if (key === 'app') {
    const want = value.toLowerCase();
    return (f) => f.channel === 'app' && typeof f.app?.uri === 'string' && f.app.uri.toLowerCase().includes(want);
  }
  if (key === 'has') {
    const want = value.toLowerCase();
    return (f) => f.findings?.some((x) => want === 'finding' || x.severity === want) === true;
  }
  const needle = term.toLowerCase();
  return (f, text) => (frameMethod(f) ?? '').toLowerCase().includes(needle) || text().toLowerCase().includes(needle);
}

export function parseFrameFilter(query: string): FrameFilter {
  const predicates = query
    .split(/\s+/)
    .filter((t) => t.length > 0 && t !== '-')
    .map((term) => {
      if (term.startsWith('-')) {
        const inner = termPredicate(term.slice(1));
        return ((f, text) => !inner(f, text)) as Predicate;
      }
      return termPredicate(term);
    });
  return { test: (frame, text) => predicates.every((p) => p(frame, text)) };
}

/** The text a frame is searched by: the JSON-RPC object as sent, or the raw line. */
export function frameText(frame: FrameEvent): string {
  return frame.raw ?? JSON.stringify(frame.msg ?? null);
}
