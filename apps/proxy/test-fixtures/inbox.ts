import type { WebSocket } from 'ws';

export type WsMsg = { type: string } & Record<string, unknown>;

/** Everything a test WebSocket received (batches unpacked, in order), with event-driven waits (no sleeps). */
export class Inbox {
  readonly messages: WsMsg[] = [];
  /** WebSocket messages received (a batch counts once). */
  received = 0;
  closed?: { code: number; reason: string };
  /** Each waiter returns true once it is settled. */
  private waiters: Array<() => boolean> = [];

  constructor(ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = JSON.parse(String(data)) as WsMsg;
      this.received += 1;
      if (parsed.type === 'batch') this.messages.push(...(parsed.messages as WsMsg[]));
      else this.messages.push(parsed);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  /** Resolves with `check()`'s value once it is truthy, re-checked on every message. */
  until<T>(check: () => T | undefined | false, what: string): Promise<T> {
    return this.wait((resolve, reject) => {
      const value = check();
      if (value !== undefined && value !== false) return (resolve(value), true);
      if (this.closed) return (reject(new Error(`socket closed (${this.closed.code}) while waiting for ${what}`)), true);
      return false;
    });
  }

  waitClose(): Promise<{ code: number; reason: string }> {
    return this.wait((resolve) => (this.closed ? (resolve(this.closed), true) : false));
  }

  find(type: string, pred: (m: WsMsg) => boolean = () => true): WsMsg | undefined {
    return this.messages.find((m) => m.type === type && pred(m));
  }

  private wait<T>(test: (resolve: (v: T) => void, reject: (e: Error) => void) => boolean): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiter = (): boolean => test(resolve, reject);
      if (!waiter()) this.waiters.push(waiter);
    });
  }

  private wake(): void {
    this.waiters = this.waiters.filter((w) => !w());
  }
}
