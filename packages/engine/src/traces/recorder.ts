import { closeSync, openSync, writeSync } from 'node:fs';
import { secretValuesFrom, traceWriteFinding, TraceWriter } from '@mcpscope/trace';
import type { Finding, SessionEvent } from '@mcpscope/protocol';
import { eventJson, forgetEventJson } from '../events/event-json.js';
import type { Session } from '../session/session.js';
import type { SessionConfig } from '../session/types.js';
import { LineBuffer } from './line-buffer.js';

/** What a trace keeps of the config so `replay` can default to the recorded target (no env, no headers). */
export function replayableConfig(config: SessionConfig): Record<string, unknown> {
  const era = config.era ? { era: config.era } : {};
  if (config.transport === 'stdio')
    return { transport: 'stdio', command: config.command, args: config.args, ...(config.cwd ? { cwd: config.cwd } : {}), ...era };
  return { transport: config.transport, url: config.url, ...era };
}

/** The write a recorder makes (fs.writeSync; a test may pass one that fails like a full disk). */
export type WriteFn = (fd: number, data: Uint8Array, offset: number) => number;

export interface RecorderOptions {
  redact: boolean;
  onFinish?: () => void;
  /** For tests: replaces fs.writeSync. */
  write?: WriteFn;
}

/** The pending lines of every open recorder of this process (flushRecordings). */
const pending = new Set<() => void>();
let exitHook = false;

/**
 * Writes every line the open recorders of this process hold to their files. Whoever reads a
 * trace that may still be recorded (the traces routes: download, open, replay) calls it first,
 * so the file holds every event that was emitted. Runs on process `exit` too.
 */
export function flushRecordings(): void {
  for (const flush of [...pending]) flush();
}

/**
 * Writes a session's trace v1 to a file as it happens. The lines of one synchronous run of the
 * event loop (one stdout read of a flood is processed in one go: dozens of events) are collected
 * and written with one write at the end of that run (a microtask), never later; at the session's
 * end (`finish`), before a reader of the file (flushRecordings) and on process `exit` they are
 * written at once. So what a crash can lose: a crash that still runs `exit` handlers (an
 * uncaught exception, process.exit) loses nothing; SIGKILL or a V8 abort loses the lines of the
 * run in progress — events that were emitted in the same synchronous run as the kill and so
 * never reached a tab or an API reply either — and may leave the last line truncated (a reader
 * tolerates that, docs/ARCHITECTURE.md, "Trace format v1").
 * An event nothing was redacted from is written with the text the /ws stream made (eventJson).
 * The file is finished when the session disconnects or fails (`onFinish`).
 * Redacting also replaces the secrets of the session's own config (env, headers, tokens) by
 * value wherever they occur. An event that cannot be written as it was never throws into the
 * session: it is written reduced and gets an `internal-error` finding; if the file itself
 * fails (disk full), recording stops and the first event whose line did not reach the file
 * carries the reason (the later events of its batch are not recorded either).
 */
export function attachRecorder(session: Session, file: string, opts: RecorderOptions): () => void {
  const fd = openSync(file, 'w', 0o600);
  const write = opts.write ?? writeSync;
  let open = true;
  let stop = (): void => {};
  /** Lines not yet written, and the event each one is of (undefined: the header). */
  const lines = new LineBuffer();
  let owners: (SessionEvent | undefined)[] = [];
  let current: SessionEvent | undefined;
  let scheduled = false;
  const writer = new TraceWriter(
    {
      write: (line) => {
        if (queued()) lines.push(line);
      },
      writeLine: (text) => {
        if (queued()) lines.pushLine(text);
      },
    },
    {
      redact: opts.redact,
      secrets: opts.redact ? secretValuesFrom(session.config) : undefined,
      stringify: eventJson,
      onError: (event, _error, stage, finding) => {
        attachFinding(event, finding);
        if (stage === 'sink') finish();
      },
    },
  );
  /** Whether a line may join the batch written at the end of this run of the event loop (its event noted, the write scheduled). */
  function queued(): boolean {
    if (!open) return false;
    owners.push(current);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
    return true;
  }
  const info = session.info();
  writer.writeHeader({
    tool: { name: 'mcpscope', version: '0.1.0' },
    createdAt: new Date(info.createdAt),
    session: {
      id: info.id,
      name: info.name,
      ...(info.named ? { named: true } : {}),
      transport: info.transport,
      target: info.target,
      config: replayableConfig(session.config),
      otel: { ...session.otel.trace, kind: session.otel.kind },
    },
  });
  // The header is on disk before anyone can list the trace; a file that cannot take it fails the open.
  writeLines(true);
  pending.add(flush);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', flushRecordings);
  }
  const record = (event: SessionEvent): void => {
    current = event;
    writer.write(event);
    current = undefined;
  };
  for (const event of session.events()) record(event);
  stop = session.log.subscribe((event) => {
    record(event);
    if (ends(event)) finish();
  });

  function flush(): void {
    scheduled = false;
    if (open) writeLines(false);
  }

  /** One write for every pending line; on failure the first event not fully written gets the finding and recording stops. */
  function writeLines(header: boolean): void {
    if (lines.lines === 0) return;
    const events = owners;
    owners = [];
    const { data, ends } = lines.take();
    let at = 0;
    try {
      while (at < data.length) at += write(fd, data, at);
    } catch (err) {
      if (header) {
        closeQuietly(fd);
        open = false;
        throw err;
      }
      const event = events[firstUnwritten(ends, at)];
      const error = err instanceof Error ? err : new Error(String(err));
      if (event) attachFinding(event, traceWriteFinding(error, 'sink'));
      finish();
    }
  }

  function finish(): void {
    if (!open) return;
    writeLines(false);
    if (!open) return; // the last write failed and finished already
    open = false;
    pending.delete(flush);
    stop();
    closeQuietly(fd);
    opts.onFinish?.();
  }
  return finish;
}

/** Index of the line that holds byte `offset` of the batch (the first one not completely written), given where each line ends. */
function firstUnwritten(ends: readonly number[], offset: number): number {
  const i = ends.findIndex((end) => end > offset);
  return i === -1 ? ends.length - 1 : i;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    /* already failed (the reason is on the event that failed); nothing more to lose */
  }
}

/** Puts the finding on the in-memory event too (frames and HTTP events carry findings), so a later read shows it. */
function attachFinding(event: SessionEvent, finding: Finding): void {
  if (event.type === 'frame' || event.type === 'http') event.findings = [...(event.findings ?? []), finding];
  forgetEventJson(event);
}

function ends(event: SessionEvent): boolean {
  if (event.type !== 'lifecycle') return false;
  return event.phase === 'disconnect' || (event.phase === 'state' && event.state === 'failed');
}
