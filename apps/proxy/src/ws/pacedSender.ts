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
  onOverflow(): void;
}

const OPEN = 1;

/**
 * Sends JSON messages to one WebSocket without letting memory grow without bound.
 *
 * The socket's own buffer is kept near `highWaterBytes`: beyond it, messages wait here and
 * go out as earlier writes complete. A snapshot (`sendAll`, the backlog) waits by reference
 * and is serialized only when it is its turn, so a large backlog reaches a healthy client
 * whatever its size. Live messages (`send`) are serialized at once and counted; when more
 * than `maxQueuedBytes` of them are waiting, the client is not keeping up and `onOverflow`
 * runs (the hub closes the socket with 1013 "try again later").
 */
export class PacedSender {
  private items: unknown[] = [];
  private head = 0;
  private queuedBytes = 0;
  private waiting = false;
  private stopped = false;

  constructor(
    private readonly socket: SendSocket,
    private readonly opts: PacedSenderOptions,
  ) {}

  send(message: unknown): void {
    if (this.stopped) return;
    const data = JSON.stringify(message);
    if (this.head === this.items.length && this.socket.bufferedAmount < this.opts.highWaterBytes) {
      this.write(data);
      return;
    }
    this.items.push(data);
    this.queuedBytes += data.length;
    if (this.queuedBytes > this.opts.maxQueuedBytes) {
      this.stop();
      this.opts.onOverflow();
      return;
    }
    this.flush();
  }

  sendAll(messages: readonly unknown[]): void {
    if (this.stopped) return;
    for (const message of messages) this.items.push(message);
    this.flush();
  }

  /** Drops whatever is still waiting; later sends are ignored. */
  stop(): void {
    this.stopped = true;
    this.items = [];
    this.head = 0;
    this.queuedBytes = 0;
  }

  private flush(): void {
    this.waiting = false;
    while (this.head < this.items.length) {
      if (this.stopped || this.socket.readyState !== OPEN) return;
      if (this.socket.bufferedAmount >= this.opts.highWaterBytes) {
        this.waiting = true; // a pending write's callback resumes us
        return;
      }
      const item = this.items[this.head];
      this.items[this.head++] = undefined;
      if (typeof item === 'string') {
        this.queuedBytes -= item.length;
        this.write(item);
      } else {
        this.write(JSON.stringify(item));
      }
    }
    this.items = [];
    this.head = 0;
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
