import { Linter } from '@mcpscope/protocol/lint';
import {
  Listeners,
  RequestPairer,
  pairingScope,
  internalErrorFinding,
  nonJsonStdoutFinding,
  undeliverableFinding,
  type AppChannel,
  type Direction,
  type Finding,
  type FrameEvent,
  type FrameOrigin,
  type JsonRpcMessage,
  type SessionEvent,
} from '@mcpscope/protocol';
import { appMessageFrame } from './app-messages.js';
import { announcedJson, forgetEventJson } from './event-json.js';
import { EventWindow, type WindowOptions } from './event-window.js';
import { SpillDir, SpillFile } from './spill.js';

/**
 * Text that did not parse is kept up to 1 MiB (the frame's `size` keeps the real length): enough
 * to see what came, and a trace line stays far below the readers' line cap even when JSON
 * escaping multiplies control characters.
 */
const RAW_KEPT = 1024 * 1024;

function keptText(text: string): string {
  return text.length <= RAW_KEPT ? text : `${text.slice(0, RAW_KEPT)}… [cut by mcpscope: ${text.length} characters in all]`;
}

type NewEvent = SessionEvent extends infer E ? (E extends SessionEvent ? Omit<E, 'seq' | 't' | 'sessionId'> : never) : never;

/** Spill files of logs made outside an Engine (tests, tools); removed when the process exits. */
const fallbackSpill = new SpillDir();

/**
 * One session's events on one clock and one sequence, in the order they happened. Memory is
 * bounded by the window's byte budget; older events are read back from its spill file.
 */
export class EventLog {
  readonly window: EventWindow;
  /** A listener (the recorder, the /ws fan-out) that fails on one event fails only that event. */
  private readonly listeners = new Listeners<[SessionEvent]>((err, event) => {
    const withFinding = event as { findings?: Finding[] };
    withFinding.findings = [...(withFinding.findings ?? []), internalErrorFinding('an event listener (recording, streaming)', err)];
    forgetEventJson(event);
  });
  private readonly pairer = new RequestPairer();
  private readonly started = performance.now();
  private seq = 0;
  /** Spec rules run on every frame and HTTP exchange as it happens (findings ride on the event). */
  private readonly linter: Linter;

  constructor(
    readonly sessionId: string,
    linter: Linter = new Linter(),
    window: Partial<WindowOptions> = {},
  ) {
    this.linter = linter;
    this.window = new EventWindow({
      budget: window.budget,
      spill: window.spill ?? (() => new SpillFile(fallbackSpill.file(sessionId), sessionId)),
    });
  }

  /** The seq of the newest event (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  now(): number {
    return Math.round((performance.now() - this.started) * 1000) / 1000;
  }

  add(event: NewEvent): SessionEvent {
    return this.record({ ...event, seq: ++this.seq, t: this.now(), sessionId: this.sessionId } as SessionEvent);
  }

  /** Lints, keeps and announces an event that already has its seq, t and sessionId (the hot path builds it in place). */
  private record(full: SessionEvent): SessionEvent {
    // The linter sees every event: findings ride on frames and HTTP exchanges; a lifecycle
    // `transport-attempt` starts its conversation afresh.
    const found = this.linter.observe(full);
    if (found.length > 0 && (full.type === 'frame' || full.type === 'http' || full.type === 'span'))
      full.findings = [...(full.findings ?? []), ...found];
    this.window.push(full);
    this.listeners.emitIsolated(full);
    // After the listeners (the recorder, the /ws fan-out): they saw it in memory, and made its text.
    this.window.evict(announcedJson(full));
    return full;
  }

  frame(dir: Direction, msg: JsonRpcMessage, size: number, origin?: FrameOrigin, added?: string[]): FrameEvent {
    const seq = ++this.seq;
    const t = this.now();
    const pair = this.pairer.observe(dir, msg, seq, t);
    // Built once, in the key order add() gives (what traces and the /ws stream show).
    const frame = { type: 'frame', dir, msg, size } as FrameEvent;
    if (pair) frame.pair = pair;
    if (origin) frame.origin = origin;
    if (added) frame.added = added;
    frame.seq = seq;
    frame.t = t;
    frame.sessionId = this.sessionId;
    return this.record(frame) as FrameEvent;
  }

  /**
   * One message of an MCP App view's conversation with mcpscope: an app-channel frame,
   * paired within its view. A message that is no JSON object, too deep or too large is kept as
   * text with a finding; only that frame is affected.
   */
  appFrame(app: AppChannel, dir: Direction, message: unknown): FrameEvent {
    const kept = appMessageFrame(message);
    const channel = { channel: 'app' as const, app: { uri: app.uri, view: app.view } };
    if (!('msg' in kept))
      return this.add({ type: 'frame', dir, raw: keptText(kept.raw), size: kept.size, findings: [kept.finding], ...channel }) as FrameEvent;
    const pair = this.pairer.observe(dir, kept.msg, this.seq + 1, this.now(), pairingScope(channel));
    return this.add({ type: 'frame', dir, msg: kept.msg, size: kept.size, ...(pair ? { pair } : {}), ...channel }) as FrameEvent;
  }

  rawLine(text: string, reason: string, size: number): FrameEvent {
    return this.add({ type: 'frame', dir: 'in', raw: keptText(text), size, findings: [nonJsonStdoutFinding(reason)] }) as FrameEvent;
  }

  /** An inbound message refused at the boundary (too deep, too large): kept as text with its reason. */
  refusedLine(text: string, what: 'too-deep' | 'too-large', detail: string, size: number): FrameEvent {
    return this.add({ type: 'frame', dir: 'in', raw: keptText(text), size, findings: [undeliverableFinding(what, detail)] }) as FrameEvent;
  }

  /** The in-memory window, seq order (older events: window.page / window.all). */
  events(): readonly SessionEvent[] {
    return this.window.events();
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    return this.listeners.add(listener);
  }
}
