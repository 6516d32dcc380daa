import { WS_BATCH_TYPE } from '@mcpscope/wire';

/** The part of a `ws` WebSocket the sender needs (tests may pass their own). */
export interface SendSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string, cb?: (err?: Error) => void): void;
}

export interface PacedSenderOptions {
  /** Stop handing data to the socket while this much is still unsent (bytes). */
  highWaterBytes: number;
  /** Live messages waiting behind a slow socket beyond this (bytes) → onOverflow. */
  maxQueuedBytes: number;
  /** A batch closes once it holds this many characters (default 64 KiB); else at the end of the tick. */
  batchBytes?: number;
  onOverflow(): void;
  /** Runs the end-of-tick flush (default setImmediate). */
  defer?: (fn: () => void) => void;
}

const OPEN = 1;
export const DEFAULT_BATCH_BYTES = 64 * 1024;

/**
 * Sends JSON messages to one WebSocket in batches, without letting memory grow without bound.
 *
 * Messages are not written one by one: what arrives within one tick (a flood parses dozens of
 * stdout lines per read) leaves as one WebSocket message `{"type":"batch","messages":[…]}`,
 * closed early once it holds `batchBytes`; a lone message leaves as itself. Order is kept.
 * The socket's own buffer is kept near `highWaterBytes`: beyond it, messages wait here and
 * go out, in larger batches, as earlier writes complete. A snapshot (`sendAll`, the backlog)
 * waits by reference and is serialized only when it is its turn, so a large backlog reaches a
 * healthy client whatever its size. Live messages are serialized at once (`sendSerialized`
 * takes a string the hub made once for every tab) and counted; when more than
 * `maxQueuedBytes` of them are waiting, the client is not keeping up and `onOverflow` runs
 * (the hub closes the socket with 1013 "try again later").
 */
export class PacedSender {
  private items: unknown[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** Characters of live messages queued since the last flush (closes a batch early). */
  private sinceFlush = 0;
  private deferred = false;
  private waiting = false;
  private stopped = false;
  private readonly batchBytes: number;
  private readonly defer: (fn: () => void) => void;

  constructor(
    private readonly socket: SendSocket,
    private readonly opts: PacedSenderOptions,
  ) {
    this.batchBytes = opts.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.defer = opts.defer ?? ((fn) => void setImmediate(fn));
  }

  send(message: unknown): void {
    if (!this.stopped) this.sendSerialized(JSON.stringify(message));
  }

  /** A live message already serialized (the hub serializes each engine message once for all tabs). */
  sendSerialized(data: string): void {
    if (this.stopped) return;
    this.items.push(data);
    this.queuedBytes += data.length;
    this.sinceFlush += data.length;
    if (this.queuedBytes > this.opts.maxQueuedBytes) {
      this.stop();
      this.opts.onOverflow();
      return;
    }
    if (this.sinceFlush >= this.batchBytes) this.flush();
    else this.flushLater();
  }

  sendAll(messages: readonly unknown[]): void {
    if (this.stopped) return;
    for (const message of messages) this.items.push(message);
    this.flushLater();
  }

  /** Drops whatever is still waiting; later sends are ignored. */
  stop(): void {
    this.stopped = true;
    this.items = [];
    this.head = 0;
    this.queuedBytes = 0;
  }

  private flushLater(): void {
    if (this.deferred) return;
    this.deferred = true;
    this.defer(() => {
      this.deferred = false;
      this.flush();
    });
  }

  private flush(): void {
    this.waiting = false;
    this.sinceFlush = 0;
    while (this.head < this.items.length) {
      if (this.stopped || this.socket.readyState !== OPEN) return;
      if (this.socket.bufferedAmount >= this.opts.highWaterBytes) {
        this.waiting = true; // a pending write's callback resumes us
        return;
      }
      this.write(this.nextBatch());
    }
    this.items = [];
    this.head = 0;
  }

  /** The waiting messages from the head, up to batchBytes (at least one), as one WebSocket message. */
  private nextBatch(): string {
    const parts: string[] = [];
    let chars = 0;
    while (this.head < this.items.length && chars < this.batchBytes) {
      const item = this.items[this.head];
      this.items[this.head++] = undefined;
      let data: string;
      if (typeof item === 'string') {
        this.queuedBytes -= item.length;
        data = item;
      } else data = JSON.stringify(item);
      parts.push(data);
      chars += data.length;
    }
    return parts.length === 1 ? parts[0]! : `{"type":"${WS_BATCH_TYPE}","messages":[${parts.join(',')}]}`;
  }

  private write(data: string): void {
    if (this.socket.readyState !== OPEN) return;
    this.socket.send(data, this.onWritten);
  }

  private readonly onWritten = (err?: Error): void => {
    if (err) this.stop();
    else if (this.waiting) this.flush();
  };
}
