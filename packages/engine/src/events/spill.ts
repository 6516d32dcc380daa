import { closeSync, lstatSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeHeader, TraceWriter } from '@mcpscope/trace';
import type { SessionEvent } from '@mcpscope/protocol';
import type { TraceIndex } from '../traces/trace-index.js';
import { LineBuffer } from '../traces/line-buffer.js';
import { isProcessAlive } from '../transports/process-tree.js';

/** Checkpoint spacing of a spill file's live index (events by seq, frames by ordinal). */
export const SPILL_EVERY = 1000;
const PREFIX = 'mcpscope-spill-';

/**
 * The events a session's window evicted, moved to disk: a private trace v1 file (NOT redacted —
 * it is the in-memory copy, never shown as a trace), written synchronously, so its live index
 * knows every byte offset and reads back with the trace readers.
 */
export class SpillFile {
  readonly index: TraceIndex;
  private fd?: number;
  private readonly writer: TraceWriter;
  /** Lines appended since the last flush(): an eviction of thousands of events is one write. */
  private readonly pending = new LineBuffer();

  constructor(file: string, sessionId: string) {
    const header = makeHeader({
      tool: { name: 'mcpscope', version: 'spill' },
      session: { id: sessionId, name: 'spill', transport: 'stdio', target: '' },
    });
    this.index = {
      file,
      header,
      size: 0,
      total: 0,
      every: SPILL_EVERY,
      firstSeq: 0,
      lastSeq: 0,
      checkpoints: [],
      frames: 0,
      frameCheckpoints: [],
      warnings: [],
      handshake: {},
      trusted: true,
    };
    this.writer = new TraceWriter(
      {
        write: (line) => {
          this.index.size += this.pending.push(line);
        },
        writeLine: (text) => {
          this.index.size += this.pending.pushLine(text);
        },
      },
      { redact: false },
    );
  }

  /**
   * `text`: the event's JSON.stringify text when the caller already has it (and the event has not
   * changed since; the window keeps what it was announced with). Unredacted, the writer would only
   * serialize the event, so a known text is the line as it stands.
   */
  append(event: SessionEvent, text?: string): void {
    if (this.index.size === 0) this.writer.writeHeader(this.index.header);
    const index = this.index;
    const offset = index.size;
    if (text === undefined) this.writer.write(event);
    else index.size += this.pending.pushLine(text);
    if (index.total % index.every === 0) index.checkpoints.push({ seq: event.seq, offset });
    if (index.total === 0) index.firstSeq = event.seq;
    index.total += 1;
    index.lastSeq = event.seq;
    if (event.type === 'frame') {
      if (index.frames % index.every === 0) index.frameCheckpoints.push({ frame: index.frames, offset });
      index.frames += 1;
    }
  }

  /** Writes the appended lines to disk; readers may read up to `index.size` once it returns. */
  flush(): void {
    if (this.pending.lines === 0) return;
    this.fd ??= openSync(this.index.file, 'wx', 0o600);
    const { data } = this.pending.take();
    for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at);
  }

  get empty(): boolean {
    return this.index.total === 0;
  }

  /** Closes and deletes the file. */
  dispose(): void {
    this.pending.take();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.index.file, { force: true });
  }
}

const liveDirs = new Set<string>();
let exitHook = false;

/**
 * One engine's spill folder, `mkdtemp(tmpdir()/mcpscope-spill-<pid>-)` (0700), made on first use
 * and removed by dispose() or, at the latest, when the process exits.
 */
export class SpillDir {
  private dir?: string;
  private counter = 0;

  constructor(private readonly root: string = tmpdir()) {}

  file(sessionId: string): string {
    if (!this.dir) {
      this.dir = mkdtempSync(join(this.root, `${PREFIX}${process.pid}-`));
      liveDirs.add(this.dir);
      if (!exitHook) {
        exitHook = true;
        process.once('exit', () => {
          for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
        });
      }
    }
    return join(this.dir, `${sessionId.replace(/[^\w.-]/g, '_')}-${++this.counter}.ndjson`);
  }

  get path(): string | undefined {
    return this.dir;
  }

  dispose(): void {
    if (!this.dir) return;
    rmSync(this.dir, { recursive: true, force: true });
    liveDirs.delete(this.dir);
    this.dir = undefined;
  }
}

/**
 * Removes spill folders left behind by mcpscope processes that are gone (a crash, SIGKILL).
 * Only real directories owned by this user are touched: in a shared /tmp another user can
 * create a look-alike name (a folder we may not delete, a symlink), and that must neither stop
 * mcpscope from starting nor make it delete anything else. Never throws.
 */
export function removeStaleSpillDirs(root: string = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = /^mcpscope-spill-(\d+)-/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isProcessAlive(pid)) continue;
    const path = join(root, name);
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // gone meanwhile, or not removable: leave it
    }
  }
  return removed;
}
