import {
  RequestPairer,
  SpanTree,
  eventSize,
  pairingScope,
  frameKind,
  frameMethod,
  type FrameEvent,
  type HttpEvent,
  type OAuthEvent,
  type SessionEvent,
} from '@mcpscope/protocol';
import { ChunkedList } from './chunkedList';
import { DEFAULT_MEMORY_BUDGET, type FrameCache, type LogPageInfo } from './memoryBudget';
import { FindingsLog } from './findingsLog';
import { httpEntry, lifecycleEntry, oauthEntry, stderrEntries, type ConsoleEntry, type ConsoleKind } from './consoleEntry';
import { frameBoundary } from './frameOrigin';

export { DEFAULT_MEMORY_BUDGET, type FrameCache, type LogPageInfo };

const seqOf = (f: FrameEvent) => f.seq;

/** 256 items a chunk: eviction drops whole chunks, so small ones keep the budget tight. */
const CHUNK_BITS = 8;

/**
 * What one session produced, append-only with a byte budget: `version` grows on every append,
 * which is what views subscribe to; the lists themselves are shared, never copied. Indices are
 * global (a frame's index is its ordinal in the session); once the held events exceed `budget`
 * the oldest chunks of frames, console lines and HTTP exchanges are dropped (the engine keeps
 * them on disk: GET …/frames pages them back, lib/framePager.ts). OAuth steps are always kept.
 * Pairing lookups (request seq → response seq) are built as frames arrive.
 */
export class SessionLog {
  readonly frames = new ChunkedList<FrameEvent>(CHUNK_BITS);
  readonly console = new ChunkedList<ConsoleEntry>(CHUNK_BITS);
  readonly http = new ChunkedList<HttpEvent>(CHUNK_BITS);
  /** Every OAuth step (already redacted by the engine), for the OAuth tab. */
  readonly oauth = new ChunkedList<OAuthEvent>();
  /** The server's spans (capped per session by the engine), and the requests they belong to. */
  readonly spans = new SpanTree();
  version = 0;
  private oauthBytes = 0; // estimated bytes of the OAuth steps (never evicted)
  private spanBytes = 0; // estimated bytes of the server spans (never evicted: the engine caps them)
  /** seq of the first event this log started with (> 1: the backlog started mid-session). */
  firstSeq = 1;
  droppedConsole = 0; // console lines dropped for the budget
  droppedHttp = 0; // HTTP exchanges dropped for the budget
  /** Events the proxy did not send this tab because it fell behind (`gap` messages); they are on disk. */
  skippedEvents = 0;
  /** Frames paged back from disk (set by the Frames tab's pager). */
  pager: FrameCache | undefined;
  lastSeq = 0; // highest seq applied; an event at or below it is a resent backlog duplicate
  /** Every lint finding as it arrived (frame seq/ordinal, method…): eviction never touches it. */
  readonly findings = new FindingsLog();
  /** Notifications (server log messages among them) in the whole session, counted as they arrive. */
  readonly notificationCounts = { all: 0, logs: 0 };
  /** Console lines per kind still in memory (mutated in place; read it with `version`). */
  readonly consoleCounts: Record<ConsoleKind, number> = { stderr: 0, lifecycle: 0, http: 0, oauth: 0 };
  /** Compact rows received (big notifications whose whole event stays on the proxy until shown). */
  compactFrames = 0;
  /** The seq of the last new session mcpscope started (its initialize): requests before it will never be answered. */
  newSessionSeq = 0;
  private readonly pairer = new RequestPairer();
  private readonly responseSeqByRequestSeq = new Map<number, number>();
  private readonly methodSet = new Set<string>();
  private methodList: string[] = [];
  private readonly derived = new Map<object, unknown>();

  constructor(
    readonly sessionId: string,
    public budget = DEFAULT_MEMORY_BUDGET,
  ) {}

  /**
   * An index a view keeps over this log (the Notifications and Findings tabs'), made on first use
   * under `key` and dropped with the log: a rebuilt log starts a fresh one.
   */
  derive<T>(key: object, make: () => T): T {
    if (!this.derived.has(key)) this.derived.set(key, make());
    return this.derived.get(key) as T;
  }

  /** Applies one event; returns false when it was a duplicate. */
  append(ev: SessionEvent): boolean {
    if (ev.seq <= this.lastSeq) return false;
    if (this.version === 0 && ev.seq > this.firstSeq) this.firstSeq = ev.seq;
    this.lastSeq = ev.seq;
    this.version++;
    switch (ev.type) {
      case 'frame':
        this.appendFrame(ev);
        break;
      case 'stderr':
        stderrEntries(ev).forEach((entry, i) => this.pushConsole(entry, i === 0 ? eventSize(ev) : 0));
        break;
      case 'lifecycle':
        this.pushConsole(lifecycleEntry(ev), eventSize(ev));
        break;
      case 'http': {
        this.findings.add(ev);
        this.http.push(ev, eventSize(ev));
        const entry = httpEntry(ev);
        this.pushConsole(entry, entry.text.length + 64);
        break;
      }
      case 'span':
        this.spans.addSpan(ev);
        this.spanBytes += eventSize(ev);
        this.findings.add(ev);
        break;
      case 'oauth': {
        this.oauth.push(ev);
        this.oauthBytes += eventSize(ev);
        const entry = oauthEntry(ev);
        this.pushConsole(entry, entry.text.length + 64);
        break;
      }
    }
    if (this.bytes > this.budget) this.evict();
    return true;
  }

  /**
   * The proxy skipped events fromSeq..toSeq for this tab (it fell behind by more than its budget,
   * so they would have left memory anyway). Frames held so far leave memory too, so frame
   * ordinals stay contiguous: the next frame appended has ordinal `frames.length + frames`, and
   * every frame before it is paged from disk. Returns false for a gap already covered.
   */
  skip(gap: { fromSeq: number; toSeq: number; events: number; frames: number; notifications: number; logs: number }): boolean {
    if (gap.toSeq <= this.lastSeq) return false;
    this.lastSeq = gap.toSeq;
    this.version++;
    this.skippedEvents += gap.events;
    this.notificationCounts.all += gap.notifications;
    this.notificationCounts.logs += gap.logs;
    if (gap.frames > 0) {
      this.frames.skip(gap.frames);
      this.responseSeqByRequestSeq.clear();
    }
    return true;
  }

  /** The backlog of this log starts mid-session: frame indices start at `firstFrame`. */
  applyPageInfo(info: LogPageInfo): void {
    if (this.version !== 0) return;
    this.firstSeq = info.firstSeq;
    if (info.firstFrame) this.frames.setBase(info.firstFrame);
  }

  setBudget(bytes: number): void {
    this.budget = bytes;
    if (this.bytes > bytes) this.evict();
  }

  /** Estimated bytes held in memory. */
  get bytes(): number {
    return this.frames.weight + this.console.weight + this.http.weight + this.oauthBytes + this.spanBytes;
  }

  /** Frames of this session that are not in memory (read back from disk). */
  get framesOnDisk(): number {
    return this.frames.base;
  }

  /** Whether events older than what is held exist (evicted, or never sent by the backlog). */
  get olderOnDisk(): boolean {
    return this.firstSeq > 1 || this.frames.base > 0 || this.droppedConsole > 0 || this.droppedHttp > 0 || this.skippedEvents > 0;
  }

  /** Drops the oldest chunk (frames, console or HTTP, whichever starts earliest) until under budget. */
  private evict(): void {
    while (this.bytes > this.budget) {
      let oldest: 'frames' | 'console' | 'http' | undefined;
      let oldestSeq = Infinity;
      for (const name of ['frames', 'console', 'http'] as const) {
        const list = this[name];
        const seq = list.chunkCount > 1 ? list.first()!.seq : Infinity;
        if (seq < oldestSeq) [oldest, oldestSeq] = [name, seq];
      }
      if (!oldest) return;
      if (oldest === 'console') {
        for (const entry of this.console.range(this.console.base, this.console.base + (1 << CHUNK_BITS))) this.consoleCounts[entry.kind]--;
        this.droppedConsole += this.console.dropHead();
      } else if (oldest === 'http') this.droppedHttp += this.http.dropHead();
      else {
        this.frames.dropHead();
        this.pruneResponses(this.frames.first()!.seq);
      }
    }
  }

  /** Forgets pairings of requests that left memory (the map is in response order ≈ request order). */
  private pruneResponses(headSeq: number): void {
    for (const requestSeq of this.responseSeqByRequestSeq.keys()) {
      if (requestSeq >= headSeq) break;
      this.responseSeqByRequestSeq.delete(requestSeq);
    }
  }

  private pushConsole(entry: ConsoleEntry, weight: number): void {
    this.console.push(entry, weight);
    this.consoleCounts[entry.kind]++;
  }

  private appendFrame(ev: FrameEvent): void {
    let frame = ev;
    if (ev.msg) {
      // One conversation per scope: the server connection and each MCP App view.
      const computed = this.pairer.observe(ev.dir, ev.msg, ev.seq, ev.t, pairingScope(ev));
      // The engine pairs frames itself; pair here only when it did not (older traces).
      if (!ev.pair && computed) frame = { ...ev, pair: computed };
    }
    if (frame.pair) this.responseSeqByRequestSeq.set(frame.pair.requestSeq, frame.seq);
    if (frameBoundary(frame) === 'new-session') this.newSessionSeq = frame.seq;
    this.spans.addFrame(frame);
    this.findings.add(frame, this.frames.length);
    if (frameKind(frame) === 'notification') {
      this.notificationCounts.all++;
      if (frame.msg?.method === 'notifications/message' && frame.dir === 'in') this.notificationCounts.logs++;
    }
    const method = frameMethod(frame);
    if (method !== undefined && !this.methodSet.has(method)) {
      this.methodSet.add(method);
      this.methodList = [...this.methodSet].sort();
    }
    if (frame.compact) this.compactFrames++;
    this.frames.push(frame, eventSize(frame));
  }

  /** Methods seen so far, sorted; a new array only when a new method appears. */
  get methods(): readonly string[] {
    return this.methodList;
  }

  frameIndexOfSeq(seq: number): number {
    return this.frames.indexOfSorted(seq, seqOf);
  }

  /** A frame by seq: from memory, else from the pager's cache of frames read back from disk. */
  frameBySeq(seq: number): FrameEvent | undefined {
    return this.frames.get(this.frameIndexOfSeq(seq)) ?? (this.holdsFrameSeq(seq) ? undefined : this.pager?.bySeq(seq));
  }

  /** Whether frame `seq` would be in memory (it is at or after the oldest held frame). */
  holdsFrameSeq(seq: number): boolean {
    const first = this.frames.first();
    return this.frames.base === 0 || (first !== undefined && seq >= first.seq);
  }

  /** The response to the request sent as frame `requestSeq`, once it has arrived. */
  responseTo(requestSeq: number): FrameEvent | undefined {
    const seq = this.responseSeqByRequestSeq.get(requestSeq);
    if (seq !== undefined) return this.frameBySeq(seq);
    return this.holdsFrameSeq(requestSeq) ? undefined : this.pager?.responseTo(requestSeq);
  }

  /** The other half of a request/response pair. */
  counterpart(frame: FrameEvent): FrameEvent | undefined {
    if (frame.pair) return this.frameBySeq(frame.pair.requestSeq);
    return this.responseTo(frame.seq);
  }
}
