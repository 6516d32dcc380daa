import { Linter } from '@mcpscope/protocol/lint';
import {
  RequestPairer,
  nonJsonStdoutFinding,
  type Direction,
  type FrameEvent,
  type JsonRpcMessage,
  type SessionEvent,
} from '@mcpscope/protocol';
import { EventWindow, type WindowOptions } from './event-window.js';
import { SpillDir, SpillFile } from './spill.js';

type NewEvent = SessionEvent extends infer E ? (E extends SessionEvent ? Omit<E, 'seq' | 't' | 'sessionId'> : never) : never;

/** Spill files of logs made outside an Engine (tests, tools); removed when the process exits. */
const fallbackSpill = new SpillDir();

/**
 * One session's events on one clock and one sequence, in the order they happened. Memory is
 * bounded by the window's byte budget; older events are read back from its spill file.
 */
export class EventLog {
  readonly window: EventWindow;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
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
    this.window = new EventWindow({ budget: window.budget, spill: window.spill ?? (() => new SpillFile(fallbackSpill.file(sessionId), sessionId)) });
  }

  now(): number {
    return Math.round((performance.now() - this.started) * 1000) / 1000;
  }

  add(event: NewEvent): SessionEvent {
    const full = { ...event, seq: ++this.seq, t: this.now(), sessionId: this.sessionId } as SessionEvent;
    if (full.type === 'frame' || full.type === 'http') {
      const found = this.linter.observe(full);
      if (found.length > 0) full.findings = [...(full.findings ?? []), ...found];
    }
    this.window.push(full);
    for (const listener of this.listeners) listener(full);
    // After the listeners (the recorder, the /ws fan-out): they saw it in memory.
    this.window.evict();
    return full;
  }

  frame(dir: Direction, msg: JsonRpcMessage, size: number): FrameEvent {
    const seq = this.seq + 1;
    const t = this.now();
    const pair = this.pairer.observe(dir, msg, seq, t);
    const frame: Omit<FrameEvent, 'seq' | 't' | 'sessionId'> = { type: 'frame', dir, msg, size };
    if (pair) frame.pair = pair;
    return this.add(frame) as FrameEvent;
  }

  rawLine(text: string, reason: string, size: number): FrameEvent {
    return this.add({ type: 'frame', dir: 'in', raw: text, size, findings: [nonJsonStdoutFinding(reason)] }) as FrameEvent;
  }

  /** The in-memory window, seq order (older events: window.page / window.all). */
  events(): readonly SessionEvent[] {
    return this.window.events();
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
