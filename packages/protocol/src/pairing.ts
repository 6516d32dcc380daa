import type { Direction, JsonRpcMessage, PairInfo } from './events.js';
import { classifyMessage, idKey, messageId } from './jsonrpc.js';

interface Pending {
  seq: number;
  t: number;
  method: string;
}

/**
 * Pairs requests with their responses as frames go by. A request sent in one direction is
 * answered in the other, so pending requests are keyed by the direction they travelled.
 */
export class RequestPairer {
  private readonly pending = new Map<string, Pending>();

  /** Records a frame; returns the pairing when the frame is a response to a known request. */
  observe(dir: Direction, msg: JsonRpcMessage, seq: number, t: number): PairInfo | undefined {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    if (id === undefined) return undefined;
    if (kind === 'request') {
      this.pending.set(`${dir}|${idKey(id)}`, { seq, t, method: msg.method as string });
      return undefined;
    }
    if (kind !== 'response' && kind !== 'error') return undefined;
    const key = `${dir === 'in' ? 'out' : 'in'}|${idKey(id)}`;
    const request = this.pending.get(key);
    if (!request) return undefined;
    this.pending.delete(key);
    return { requestSeq: request.seq, method: request.method, latencyMs: Math.max(0, t - request.t) };
  }

  /** Requests still waiting for an answer, oldest first. */
  inFlight(): Array<Pending & { dir: Direction }> {
    return [...this.pending.entries()].map(([key, p]) => ({ ...p, dir: key.split('|')[0] as Direction }));
  }
}
