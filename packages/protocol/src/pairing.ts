import type { Direction, FrameEvent, JsonRpcMessage, PairInfo } from './events.js';
import { classifyMessage, idKey, messageId } from './jsonrpc.js';

/** A session makes requests without end; one never answered must not stay forever (see RequestPairer). */
export const MAX_PENDING = 10_000;

interface Pending {
  seq: number;
  t: number;
  method: string;
}

/**
 * Pairs requests with their responses as frames go by. A request sent in one direction is
 * answered in the other, so pending requests are keyed by the direction they travelled, and by
 * a scope: one conversation per scope. The server connection is scope '' and each MCP App view
 * its own (`frame.app?.view ?? ''`), so an app's id 1 never answers the server's id 1.
 */
export class RequestPairer {
  private readonly pending = new Map<string, Pending & { dir: Direction; scope: string }>();

  /** Requests waiting for an answer are bounded: past this many, the oldest is forgotten (never paired). */
  constructor(private readonly maxPending = MAX_PENDING) {}

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Records a frame; returns the pairing when the frame is a response to a known request. */
  observe(dir: Direction, msg: JsonRpcMessage, seq: number, t: number, scope = ''): PairInfo | undefined {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    if (id === undefined) return undefined;
    if (kind === 'request') {
      const key = pendingKey(scope, dir, idKey(id));
      this.pending.delete(key);
      this.pending.set(key, { seq, t, method: msg.method as string, dir, scope });
      if (this.pending.size > this.maxPending) this.pending.delete(this.pending.keys().next().value!);
      return undefined;
    }
    if (kind !== 'response' && kind !== 'error') return undefined;
    const key = pendingKey(scope, dir === 'in' ? 'out' : 'in', idKey(id));
    const request = this.pending.get(key);
    if (!request) return undefined;
    this.pending.delete(key);
    return { requestSeq: request.seq, method: request.method, latencyMs: Math.max(0, t - request.t) };
  }

  /** Requests still waiting for an answer, oldest first (`scope` '' is the server connection). */
  inFlight(): Array<Pending & { dir: Direction; scope: string }> {
    return [...this.pending.values()].map((p) => ({ ...p }));
  }
}

/**
 * The pairing scope of a frame: '' for the server connection, the view id for an MCP App view
 * (`frame.app.view`). An app frame whose view is unknown (a trace dropped a malformed `app`) gets
 * a scope no view id can have, so it never pairs with the server's frames.
 */
export function pairingScope(frame: Pick<FrameEvent, 'channel' | 'app'>): string {
  return frame.channel === 'app' ? (frame.app?.view ?? '#app') : '';
}

/** A JSON array as the key: no separator in a scope or an id can make two keys collide. */
function pendingKey(scope: string, dir: Direction, id: string): string {
  return JSON.stringify([scope, dir, id]);
}
