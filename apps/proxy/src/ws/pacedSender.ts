import { WS_BATCH_TYPE, WS_GAP_TYPE, type WsGap } from '@mcpscope/wire';

/** The part of a `ws` WebSocket the sender needs (tests may pass their own). */
export interface SendSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string, cb?: (err?: Error) => void): void;
}

export interface PacedSenderOptions {
  /** Stop handing data to the socket while this much is still unsent (bytes). */
  highWaterBytes: number;
  /**
   * Live messages waiting behind a slow socket beyond this (bytes), once whatever could be
   * skipped was → onOverflow.
   */
  maxQueuedBytes: number;
  /**
   * Live messages waiting beyond this (bytes; default and at most maxQueuedBytes): the tab is
   * too far behind, so the waiting session events are skipped, a gap marker in their place.
   */
  skipAboveBytes?: number;
  /** A batch closes once it holds this many characters (default 64 KiB); else when it is flushed (end of the tick, or minIntervalMs). */
  batchBytes?: number;
  /**
   * A flush follows the previous one by at least this long (ms, default 0): what arrives sooner
   * waits and leaves with what follows, so a steady stream of small events (sequential calls, a
   * chatty server) costs one socket write per interval, not per tick. The first message after a
   * quiet spell still leaves at the end of its tick.
   */
  minIntervalMs?: number;
  onOverflow(): void;
  /** The text of a snapshot message (`sendAll`) when it is its turn to leave (default JSON.stringify). */
  serialize?: (message: unknown) => string;
  /** Runs the end-of-tick flush (default setImmediate). */
  defer?: (fn: () => void) => void;
}

const OPEN = 1;
export const DEFAULT_BATCH_BYTES = 64 * 1024;

/** A live session event: what a gap marker needs to know when the event is skipped. */
export interface SkippableEvent {
  sessionId: string;
  seq: number;
  frame: boolean;
  /** A notification frame; `log`: a `notifications/message` from the server. */
  notification?: boolean;
  log?: boolean;
  /** Never skipped (a frame with findings…): a gap of its session ends before it. */
  keep?: boolean;
}

class LiveEvent {
  constructor(
    readonly data: string,
    readonly event: SkippableEvent,
  ) {}
}

/** Waits in the queue where its first skipped event was; extended while it has not left. */
class Gap {
  events = 0;
  frames = 0;
  notifications = 0;
  logs = 0;
  constructor(
    readonly sessionId: string,
    readonly fromSeq: number,
    public toSeq: number,
  ) {}
  add({ seq, frame, notification, log }: SkippableEvent): void {
    this.toSeq = seq;
    this.events++;
    if (frame) this.frames++;
    if (notification) this.notifications++;
    if (log) this.logs++;
  }
  toJSON(): WsGap {
    const { sessionId, fromSeq, toSeq, events, frames, notifications, logs } = this;
    return { type: WS_GAP_TYPE, sessionId, fromSeq, toSeq, events, frames, notifications, logs };
  }
}

/**
 * Sends JSON messages to one WebSocket in batches, without letting memory grow without bound.
 *
 * Messages are not written one by one: what arrives within one tick (a flood parses dozens of
 * stdout lines per read), or within `minIntervalMs` of the last flush, leaves as one WebSocket
 * message `{"type":"batch","messages":[…]}`, closed early once it holds `batchBytes`; a lone
 * message leaves as itself. Order is kept.
 * The socket's own buffer is kept near `highWaterBytes`: beyond it, messages wait here and
 * go out, in larger batches, as earlier writes complete. A snapshot (`sendAll`, the backlog)
 * waits by reference and is serialized only when it is its turn, so a large backlog reaches a
 * healthy client whatever its size. Live messages are serialized at once (`sendSerialized`
 * takes a string the hub made once for every tab) and counted. When more than `skipAboveBytes`
 * of them are waiting, the client is far behind: the waiting session events that may be skipped
 * are, and a `gap` marker per session (seq range, events, frames, notifications) takes their
 * place; until that marker leaves (the socket drained), later events of the session join it
 * instead of waiting here. The tab then catches up at once with the events that follow and
 * pages the skipped ones from disk. Memory per tab is therefore bounded by bytes, whether the
 * tab is slow or not reading at all, and a stalled tab never slows the session or another tab
 * (the hub only appends here). Only if what cannot be skipped (the hub's `skippable`) still
 * exceeds `maxQueuedBytes` does `onOverflow` run (the hub closes the socket with 1013).
 */
export class PacedSender {
  private items: unknown[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** Characters of live messages queued since the last flush (closes a batch early). */
  private sinceFlush = 0;
  /** Gap markers still waiting in the queue, by session (a later skip extends them). */
  private readonly openGaps = new Map<string, Gap>();
  /** Events skipped so far (for tests and logs). */
  skippedEvents = 0;
  private deferred = false;
  private waiting = false;
  private stopped = false;
  private readonly batchBytes: number;
  private readonly skipAbove: number;
  private readonly defer: (fn: () => void) => void;
  private readonly minIntervalMs: number;
  private readonly serialize: (message: unknown) => string;
  private lastFlushAt = -Infinity;

  constructor(
    private readonly socket: SendSocket,
    private readonly opts: PacedSenderOptions,
  ) {
    this.batchBytes = opts.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.skipAbove = Math.min(opts.skipAboveBytes ?? opts.maxQueuedBytes, opts.maxQueuedBytes);
    this.defer = opts.defer ?? ((fn) => void setImmediate(fn));
    this.minIntervalMs = opts.minIntervalMs ?? 0;
    this.serialize = opts.serialize ?? ((message) => JSON.stringify(message));
  }

  send(message: unknown): void {
    if (!this.stopped) this.sendSerialized(JSON.stringify(message));
  }

  /**
   * A live message already serialized (the hub serializes each engine message once for all
   * tabs). `event`: it is a session event, which may be skipped when the tab falls behind.
   */
  sendSerialized(data: string, event?: SkippableEvent): void {
    if (this.stopped) return;
    if (event) {
      const gap = this.openGaps.get(event.sessionId);
      if (gap && !event.keep) {
        // Still behind (its gap has not left yet): the event joins the gap, nothing is held.
        gap.add(event);
        this.skippedEvents++;
        return;
      }
      if (gap) this.openGaps.delete(event.sessionId); // kept: the gap ends before it
    }
    this.items.push(event ? new LiveEvent(data, event) : data);
    this.queuedBytes += data.length;
    this.sinceFlush += data.length;
    if (this.queuedBytes > this.skipAbove) {
      this.skipWaiting();
      if (this.queuedBytes > this.opts.maxQueuedBytes) {
        this.stop();
        this.opts.onOverflow();
        return;
      }
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
    this.openGaps.clear();
  }

  /** Bytes of live messages waiting here. */
  get queued(): number {
    return this.queuedBytes;
  }

  /**
   * Skips every waiting session event that may be skipped (the tab would have dropped them,
   * and most of what it holds, from its memory budget anyway). Skipped
   * events of a session that follow each other (nothing of that session kept between them)
   * share one gap marker, at the place of the first; order is otherwise kept. A kept event
   * (`keep`) ends its session's gap, so a gap's counts are exactly the events it replaced.
   */
  private skipWaiting(): void {
    const kept: unknown[] = [];
    for (let i = this.head; i < this.items.length; i++) {
      const item = this.items[i];
      if (!(item instanceof LiveEvent) || item.event.keep) {
        if (item instanceof LiveEvent) this.openGaps.delete(item.event.sessionId);
        kept.push(item);
        continue;
      }
      let gap = this.openGaps.get(item.event.sessionId);
      if (!gap) {
        gap = new Gap(item.event.sessionId, item.event.seq, item.event.seq);
        this.openGaps.set(item.event.sessionId, gap);
        kept.push(gap);
      }
      gap.add(item.event);
      this.queuedBytes -= item.data.length;
      this.skippedEvents++;
    }
    this.items = kept;
    this.head = 0;
  }

  private flushLater(): void {
    if (this.deferred) return;
    this.deferred = true;
    const run = (): void => {
      this.deferred = false;
      this.flush();
    };
    const wait = this.minIntervalMs > 0 ? this.lastFlushAt + this.minIntervalMs - performance.now() : 0;
    if (wait > 0) setTimeout(run, wait).unref();
    else this.defer(run);
  }

  private flush(): void {
    this.waiting = false;
    this.sinceFlush = 0;
    if (this.minIntervalMs > 0) this.lastFlushAt = performance.now();
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
      } else if (item instanceof LiveEvent) {
        this.queuedBytes -= item.data.length;
        data = item.data;
      } else if (item instanceof Gap) {
        if (this.openGaps.get(item.sessionId) === item) this.openGaps.delete(item.sessionId);
        data = JSON.stringify(item);
      } else {
        data = this.serialize(item);
      }
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
