import { closeSync, openSync, writeSync } from 'node:fs';
import { TraceWriter } from '@mcpscope/trace';
import { lineCapDetail, parseStdoutLine } from '@mcpscope/engine';
import { nonJsonStdoutFinding, undeliverableFinding, type Direction, type SessionEvent } from '@mcpscope/protocol';
import type { UiEntry } from '../ui-registry.js';

type NewEvent = SessionEvent extends infer E ? (E extends SessionEvent ? Omit<E, 'seq' | 't' | 'sessionId'> : never) : never;

export interface WrapLogOptions {
  meta: { name: string; transport: 'stdio' | 'http'; target: string };
  /** Trace files to write (the traces folder's, --record). */
  files: string[];
  redact: boolean;
  ui?: UiEntry;
  /** Diagnostics (never stdout: stdout belongs to the server's bytes). */
  warn(text: string): void;
  /** The session's trace (OpenTelemetry identity), written in the trace header. */
  otel?: Record<string, unknown>;
  /** Sees every event as it is numbered (the span builder of the OTLP export). */
  onEvent?(event: SessionEvent): void;
}

/**
 * The wrapped session's events: numbered on one clock, written to trace files as they happen,
 * and streamed to a running mcpscope UI in NDJSON batches (one POST in flight at a time).
 * A UI that goes away is dropped; the relay itself never waits on any of this.
 */
export class WrapLog {
  private seq = 0;
  private readonly started = performance.now();
  /** Epoch ms of t = 0 (the trace header's createdAt). */
  readonly createdAt = Date.now();
  private readonly writers: Array<{ writer: TraceWriter; fd: number }> = [];
  private queue: SessionEvent[] = [];
  private sending: Promise<void> = Promise.resolve();
  private uiSession?: Promise<string | undefined>;

  constructor(private readonly opts: WrapLogOptions) {
    for (const file of opts.files) {
      const fd = openSync(file, 'w', 0o600);
      const writer = new TraceWriter({ write: (line) => writeSync(fd, line) }, { redact: opts.redact });
      writer.writeHeader({
        tool: { name: 'mcpscope', version: '0.1.0' },
        createdAt: new Date(this.createdAt),
        session: { id: 'wrap', ...opts.meta, wrapped: true, ...(opts.otel ? { otel: opts.otel } : {}) },
      });
      this.writers.push({ writer, fd });
    }
    if (opts.ui) this.uiSession = this.openUi(opts.ui);
  }

  add(event: NewEvent): void {
    const full = {
      ...event,
      seq: ++this.seq,
      t: Math.round((performance.now() - this.started) * 1000) / 1000,
      sessionId: 'wrap',
    } as SessionEvent;
    for (const { writer } of this.writers) writer.write(full);
    this.opts.onEvent?.(full);
    if (this.uiSession) {
      this.queue.push(full);
      this.sending = this.sending.then(() => this.flush());
    }
  }

  /**
   * One line of JSON-RPC (or not) as it crossed, in either direction. `overflow`: it was longer
   * than the line cap and `line` is its truncated start, kept as text (a live session's verdict).
   */
  frame(dir: Direction, line: string, overflow = false): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '' && !overflow) return;
    const size = Buffer.byteLength(text);
    if (overflow) {
      const finding = undeliverableFinding('too-large', lineCapDetail(size));
      this.add({ type: 'frame', dir, raw: text, size, findings: [finding] });
      return;
    }
    // The same boundary and the same verdicts as a live session (parseStdoutLine): a line nested
    // past the cap stays text with its finding, a batch is one frame per message, and a server
    // line that is no message carries the finding `check` gives it live, so `lint` finds it too.
    const parsed = parseStdoutLine(text);
    if ('messages' in parsed) {
      for (const msg of parsed.messages)
        this.add({ type: 'frame', dir, msg, size: parsed.batch ? Buffer.byteLength(JSON.stringify(msg)) : size });
      return;
    }
    const fromServerStdout = dir === 'in' && this.opts.meta.transport === 'stdio';
    const finding =
      parsed.code === 'too-deep'
        ? undeliverableFinding('too-deep', parsed.error)
        : fromServerStdout
          ? nonJsonStdoutFinding(parsed.error)
          : undefined;
    this.add({ type: 'frame', dir, raw: text, size, ...(finding ? { findings: [finding] } : {}) });
  }

  async close(): Promise<void> {
    for (const { fd } of this.writers.splice(0)) closeSync(fd);
    await this.sending;
    const id = await this.uiSession;
    if (id && this.opts.ui) await this.post(this.opts.ui, `api/sessions/${id}/ingest/end`, undefined).catch(() => undefined);
  }

  private async openUi(ui: UiEntry): Promise<string | undefined> {
    try {
      const res = await this.post(ui, 'api/sessions/ingest', JSON.stringify(this.opts.meta), 'application/json');
      const body = (await res.json()) as { session?: { id?: string } };
      if (!res.ok || !body.session?.id) throw new Error(`HTTP ${res.status}`);
      return body.session.id;
    } catch (err) {
      this.opts.warn(`mcpscope wrap: could not reach the mcpscope UI at ${ui.url} (${(err as Error).message}); recording only\n`);
      this.queue = [];
      return undefined;
    }
  }

  private async flush(): Promise<void> {
    const id = await this.uiSession;
    if (!id || this.queue.length === 0 || !this.opts.ui) return void (this.queue = []);
    const batch = this.queue.splice(0);
    const body = `${batch.map((e) => JSON.stringify(e)).join('\n')}\n`;
    const res = await this.post(this.opts.ui, `api/sessions/${id}/ingest`, body, 'application/x-ndjson').catch((err: Error) => err);
    if (res instanceof Error || !res.ok) {
      this.opts.warn(`mcpscope wrap: the mcpscope UI stopped accepting events; recording only\n`);
      this.uiSession = Promise.resolve(undefined);
    }
  }

  private post(ui: UiEntry, path: string, body: string | undefined, type?: string): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${ui.token}` };
    if (type) headers['content-type'] = type;
    return fetch(new URL(path, ui.url), { method: 'POST', headers, body });
  }
}
