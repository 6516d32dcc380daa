import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { jsonTextTooDeep } from '@mcpscope/protocol';
import { recordedTarget, TraceHeaderSchema, type RecordedTarget } from '@mcpscope/trace';
import { dataDir } from '../data-dir.js';
import { EngineError } from '../errors/errors.js';
import { scanLines } from './line-scanner.js';
import { indexTrace } from './trace-index.js';

export { dataDir };

export function defaultTracesDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'traces');
}

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').slice(0, 60) || 'session';

/** `<ISO time>-<session name>-<id>.ndjson`, colons of the time made file-name safe. */
export function traceFileName(createdAt: Date, name: string, id: string): string {
  return `${createdAt.toISOString().replace(/:/g, '-')}-${safe(name)}-${safe(id)}.ndjson`;
}

export interface TraceSummary {
  id: string;
  name: string;
  size: number;
  createdAt: string;
  /** `target` is the label the trace gives itself; `recorded` is what a replay would run (see recordedTarget). */
  session: { name: string; transport: string; target: string };
  /** The command/args/cwd or URL the trace recorded (never env or headers); absent when none. */
  recorded?: RecordedTarget;
  live: boolean;
}

/** The ids the routes carry (a path segment, a download file name): letters, digits, `_`, `.`, `-`. */
const ID = /^[\w.-]+$/;

/** The traces folder: every session's trace, uploads, and which files are still being written. */
export class TraceStore {
  /** Files whose session is still open. */
  readonly live = new Set<string>();
  private uploads = 0;

  constructor(readonly dir: string) {}

  ensure(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  fileFor(createdAt: Date, name: string, id: string): string {
    this.ensure();
    return join(this.dir, traceFileName(createdAt, name, id));
  }

  path(id: string): string {
    if (!ID.test(id)) throw new EngineError('ENGINE_TRACE_NOT_FOUND', `No trace ${JSON.stringify(id)}`);
    const file = join(this.dir, `${id}.ndjson`);
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      /* fall through */
    }
    throw new EngineError('ENGINE_TRACE_NOT_FOUND', `No trace ${JSON.stringify(id)}`);
  }

  async list(): Promise<TraceSummary[]> {
    let names: string[];
    try {
      // A file dropped in the folder under a name no id can carry is not listed: it could not be opened.
      names = readdirSync(this.dir).filter((n) => n.endsWith('.ndjson') && ID.test(n.slice(0, -'.ndjson'.length)));
    } catch {
      return [];
    }
    const out = await Promise.all(names.map((n) => this.summary(join(this.dir, n)).catch(() => undefined)));
    return out.filter((s): s is TraceSummary => s !== undefined).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Reads only the header line (parsed with the header schema: a file dropped in the folder is untrusted too). */
  async summary(file: string): Promise<TraceSummary> {
    let first = '';
    await scanLines(file, 0, ({ text }) => {
      first = text;
      return false;
    });
    if (jsonTextTooDeep(first)) throw new Error('not a trace');
    const h = TraceHeaderSchema.parse(JSON.parse(first));
    const name = file.slice(this.dir.length + 1).replace(/\.ndjson$/, '');
    const s = h.session;
    const recorded = recordedTarget(h);
    return {
      id: name,
      name: s.name || name,
      size: statSync(file).size,
      createdAt: h.createdAt,
      session: { name: s.name, transport: s.transport, target: s.target },
      ...(recorded ? { recorded } : {}),
      live: this.live.has(file),
    };
  }

  /** Stores an uploaded trace: streamed to a temp file, indexed (header checked), then named after its header. */
  async importStream(body: Readable, maxBytes: number): Promise<{ trace: TraceSummary; warnings: string[] }> {
    this.ensure();
    const tmp = join(this.dir, `.upload-${process.pid}-${++this.uploads}.tmp`);
    let bytes = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            bytes += chunk.length;
            if (bytes > maxBytes) throw new EngineError('ENGINE_TRACE_TOO_LARGE', `the trace is larger than ${maxBytes} bytes`);
            yield chunk;
          }
        },
        createWriteStream(tmp, { mode: 0o600 }),
      );
      const index = await indexTrace(tmp);
      const s = index.header.session;
      let file = this.fileFor(new Date(index.header.createdAt), s.name, s.id);
      for (let n = 2; exists(file); n++) file = file.replace(/(-\d+)?\.ndjson$/, `-${n}.ndjson`);
      renameSync(tmp, file);
      return { trace: await this.summary(file), warnings: index.warnings };
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}
