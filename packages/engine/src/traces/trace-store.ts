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
import { serverInfoOf, TraceNames, type TraceName } from './trace-names.js';

export { dataDir };

export function defaultTracesDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'traces');
}

const safe = (s: string) =>
  s
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 60) || 'session';

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
  /** `name` is the one the user gave (a rename included): it wins over the server's (see wire displayNameOf). */
  named?: boolean;
  /** The server's own name, title and version, from its handshake (names.json, else the trace's first lines). */
  serverInfo?: TraceName['serverInfo'];
  /** The command/args/cwd or URL the trace recorded (never env or headers); absent when none. */
  recorded?: RecordedTarget;
  live: boolean;
}

/** The ids the routes carry (a path segment, a download file name): letters, digits, `_`, `.`, `-`. */
const ID = /^[\w.-]+$/;
/** Lines read from a trace's head for the server's name: the handshake comes first. */
const HEAD_LINES = 64;
/** Head lines (the header included) longer than this are skipped: a handshake answer is far smaller. */
const HEAD_LINE_MAX = 1024 * 1024;

/** The serverInfo of an `initialize` or `server/discover` answer on this trace line, if it is one. */
function handshakeServerInfo(text: string): TraceName['serverInfo'] {
  if (text.length > HEAD_LINE_MAX || !text.includes('serverInfo"') || jsonTextTooDeep(text)) return undefined;
  const obj = (v: unknown): Record<string, unknown> | undefined =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const own = (o: Record<string, unknown> | undefined, key: string) => (o && Object.hasOwn(o, key) ? o[key] : undefined);
  try {
    const e = obj(JSON.parse(text));
    if (own(e, 'type') !== 'frame' || own(e, 'dir') !== 'in') return undefined;
    const result = obj(own(obj(own(e, 'msg')), 'result'));
    // 2025-11-25 initialize: result.serverInfo; 2026-07-28 server/discover: in its _meta.
    return serverInfoOf(obj(own(result, 'serverInfo')) ?? obj(own(obj(own(result, '_meta')), 'io.modelcontextprotocol/serverInfo')));
  } catch {
    return undefined;
  }
}

/** The traces folder: every session's trace, uploads, and which files are still being written. */
export class TraceStore {
  /** Files whose session is still open. */
  readonly live = new Set<string>();
  /** What each trace is called now (renames, the server's name): see TraceNames. */
  readonly names: TraceNames;
  private uploads = 0;

  constructor(readonly dir: string) {
    this.names = new TraceNames(dir);
  }

  /** The id of a trace file of this folder (its name without `.ndjson`), or undefined for a file elsewhere. */
  idOf(file: string): string | undefined {
    if (!file.startsWith(`${this.dir}/`) || !file.endsWith('.ndjson')) return undefined;
    const id = file.slice(this.dir.length + 1, -'.ndjson'.length);
    return ID.test(id) ? id : undefined;
  }

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

  /**
   * Reads the header line, and the first lines for the server's own name when names.json has
   * none (a trace of an earlier run, an upload); everything parsed as untrusted.
   */
  async summary(file: string): Promise<TraceSummary> {
    let first = '';
    let lines = 0;
    let info: TraceName['serverInfo'];
    const stored = this.names.get(file.slice(this.dir.length + 1).replace(/\.ndjson$/, ''));
    // Lines are read up to HEAD_LINE_MAX (a longer one is skipped unread): a listing never decodes a huge frame.
    await scanLines(
      file,
      0,
      ({ text }) => {
        if (lines++ === 0) first = text;
        else info = handshakeServerInfo(text);
        return !stored?.serverInfo && info === undefined && lines < HEAD_LINES;
      },
      { maxLineBytes: HEAD_LINE_MAX, chunkBytes: 64 * 1024 },
    );
    if (jsonTextTooDeep(first)) throw new Error('not a trace');
    const h = TraceHeaderSchema.parse(JSON.parse(first));
    const name = file.slice(this.dir.length + 1).replace(/\.ndjson$/, '');
    const s = h.session;
    const recorded = recordedTarget(h);
    const serverInfo = stored?.serverInfo ?? info;
    const named = stored ? stored.named === true : s.named === true;
    return {
      id: name,
      name: stored?.name || s.name || name,
      size: statSync(file).size,
      createdAt: h.createdAt,
      session: { name: s.name, transport: s.transport, target: s.target },
      ...(named ? { named: true } : {}),
      ...(serverInfo ? { serverInfo } : {}),
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
