import { classifyMessage, idKey, messageId, type Direction, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';

/** One request and its answer, as they crossed the wire. */
export interface Exchange {
  /** Direction of the request: "out" client→server, "in" server→client. */
  dir: Direction;
  method: string;
  params: unknown;
  request: FrameEvent;
  response?: FrameEvent;
  latencyMs?: number;
}

/**
 * Pairs every request of the server connection in a session's events with its response, in
 * request order. App-channel frames (an MCP App view ⇄ mcpscope) are no server traffic: skipped.
 */
export function exchangesOf(events: Iterable<SessionEvent>): Exchange[] {
  const out: Exchange[] = [];
  const open = new Map<string, Exchange>();
  for (const e of events) {
    if (e.type !== 'frame' || !e.msg || e.channel === 'app') continue;
    const kind = classifyMessage(e.msg);
    const id = messageId(e.msg);
    if (id === undefined) continue;
    if (kind === 'request') {
      const x: Exchange = { dir: e.dir, method: e.msg.method as string, params: e.msg.params, request: e };
      open.set(`${e.dir}|${idKey(id)}`, x);
      out.push(x);
    } else if (kind === 'response' || kind === 'error') {
      const key = `${e.dir === 'in' ? 'out' : 'in'}|${idKey(id)}`;
      const x = open.get(key);
      if (!x) continue;
      open.delete(key);
      x.response = e;
      x.latencyMs = Math.max(0, e.t - x.request.t);
    }
  }
  return out;
}
