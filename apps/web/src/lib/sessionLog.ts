import { RequestPairer, frameMethod, type FrameEvent, type HttpEvent, type OAuthEvent, type SessionEvent } from '@mcpscope/protocol';
import { ChunkedList } from './chunkedList';
import { httpEntry, lifecycleEntry, oauthEntry, stderrEntries, type ConsoleEntry, type ConsoleKind } from './consoleEntry';

const seqOf = (f: FrameEvent) => f.seq;

/**
 * Everything one session produced, append-only. `version` grows on every append, which is
 * what views subscribe to; the lists themselves are shared, never copied.
 * Pairing lookups (request seq → response seq) are built as frames arrive.
 */
export class SessionLog {
  readonly frames = new ChunkedList<FrameEvent>();
  readonly console = new ChunkedList<ConsoleEntry>();
  readonly http = new ChunkedList<HttpEvent>();
  /** Every OAuth step (already redacted by the engine), for the OAuth tab. */
  readonly oauth = new ChunkedList<OAuthEvent>();
  version = 0;
  /** Highest seq applied; an event at or below it is a resent backlog duplicate. */
  lastSeq = 0;
  /** Frames carrying at least one lint finding of severity error. */
  errorFrames = 0;
  /** Console lines per kind (mutated in place; read it with `version`). */
  readonly consoleCounts: Record<ConsoleKind, number> = { stderr: 0, lifecycle: 0, http: 0, oauth: 0 };
  private readonly pairer = new RequestPairer();
  private readonly responseSeqByRequestSeq = new Map<number, number>();
  private readonly methodSet = new Set<string>();
  private methodList: string[] = [];

  constructor(readonly sessionId: string) {}

  /** Applies one event; returns false when it was a duplicate. */
  append(ev: SessionEvent): boolean {
    if (ev.seq <= this.lastSeq) return false;
    this.lastSeq = ev.seq;
    this.version++;
    switch (ev.type) {
      case 'frame':
        this.appendFrame(ev);
        break;
      case 'stderr':
        for (const entry of stderrEntries(ev)) this.pushConsole(entry);
        break;
      case 'lifecycle':
        this.pushConsole(lifecycleEntry(ev));
        break;
      case 'http':
        this.http.push(ev);
        this.pushConsole(httpEntry(ev));
        break;
      case 'oauth':
        this.oauth.push(ev);
        this.pushConsole(oauthEntry(ev));
        break;
    }
    return true;
  }

  private pushConsole(entry: ConsoleEntry): void {
    this.console.push(entry);
    this.consoleCounts[entry.kind]++;
  }

  private appendFrame(ev: FrameEvent): void {
    let frame = ev;
    if (ev.msg) {
      const computed = this.pairer.observe(ev.dir, ev.msg, ev.seq, ev.t);
      // The engine pairs frames itself; pair here only when it did not (older traces).
      if (!ev.pair && computed) frame = { ...ev, pair: computed };
    }
    if (frame.pair) this.responseSeqByRequestSeq.set(frame.pair.requestSeq, frame.seq);
    if (frame.findings?.some((f) => f.severity === 'error')) this.errorFrames++;
    const method = frameMethod(frame);
    if (method !== undefined && !this.methodSet.has(method)) {
      this.methodSet.add(method);
      this.methodList = [...this.methodSet].sort();
    }
    this.frames.push(frame);
  }

  /** Methods seen so far, sorted; a new array only when a new method appears. */
  get methods(): readonly string[] {
    return this.methodList;
  }

  frameIndexOfSeq(seq: number): number {
    return this.frames.indexOfSorted(seq, seqOf);
  }

  frameBySeq(seq: number): FrameEvent | undefined {
    return this.frames.get(this.frameIndexOfSeq(seq));
  }

  /** The response to the request sent as frame `requestSeq`, once it has arrived. */
  responseTo(requestSeq: number): FrameEvent | undefined {
    const seq = this.responseSeqByRequestSeq.get(requestSeq);
    return seq === undefined ? undefined : this.frameBySeq(seq);
  }

  /** The other half of a request/response pair. */
  counterpart(frame: FrameEvent): FrameEvent | undefined {
    if (frame.pair) return this.frameBySeq(frame.pair.requestSeq);
    return this.responseTo(frame.seq);
  }
}
