import { statSync } from 'node:fs';
import { TraceError, TraceHeaderSchema, TRACE_FORMAT, tooLongWarning, type TraceHeader } from '@mcpscope/trace';
import { idKey, jsonTextTooDeep, MAX_JSON_DEPTH, messageId, type SessionEvent } from '@mcpscope/protocol';
import type { SessionInfo } from '../session/types.js';
import type { TraceIndex } from './trace-index-types.js';
import type { ScannedBytes } from './line-scanner.js';
import { classifyLine } from './line-kind.js';
import { lineWarning, readTraceLine, TWO_TYPES } from './trace-line.js';
import { TailRing } from './tail-ring.js';
import { WarningList } from './warning-list.js';

export interface TraceScanOptions {
  /** A checkpoint every this many events and frames. */
  every?: number;
  /** Parse every line (import, replay, compare) instead of only the lines the index needs. */
  validate?: boolean;
  /** Remember where the last this many events start (the offline tail). */
  tail?: number;
  /** Frames looked at for the handshake before open() gives up on it (lazy scans). */
  handshakeEvents?: number;
  warnings?: WarningList;
}

const HANDSHAKES = new Set(['initialize', 'server/discover']);
/** Lines the index may parse, find bad and exclude (so readers skip them); more are counted as typed. */
export const MAX_EXCLUDED = 100_000;

/**
 * Builds a TraceIndex from one pass over the lines of a trace (scanLineBytes → visit). Lazy (the
 * default): a line is typed from its first bytes (line-kind.ts) and parsed only when the index
 * needs it — the header, a checkpoint's seq, the frames of the handshake, a line quickType cannot
 * type; a bad line among those is excluded with its warning, any other is reported when a page
 * reads it. `validate`: every line is parsed, every bad one excluded with its warning.
 */
export class TraceScanner {
  readonly index: Omit<TraceIndex, 'header'> & { header?: TraceHeader };
  readonly warnings: WarningList;
  readonly ring?: TailRing;
  /** Settles once the header and the handshake are read (lazy), or when the scan ends. */
  readonly opened: Promise<void>;
  private settle!: (err?: unknown) => void;
  private settled = false;
  private lineNo = 0;
  private headerError?: TraceError;
  private wantCheckpoint = false;
  private firstSeqKnown = false;
  private handshakeLeft: number;
  private readonly pending = new Map<string, string>();
  private readonly every: number;

  constructor(
    file: string,
    private readonly opts: TraceScanOptions = {},
  ) {
    this.every = opts.every ?? 1000;
    this.warnings = opts.warnings ?? new WarningList();
    this.index = {
      file,
      size: statSync(file).size,
      total: 0,
      every: this.every,
      firstSeq: 0,
      lastSeq: 0,
      checkpoints: [],
      frames: 0,
      frameCheckpoints: [],
      warnings: this.warnings.list,
      handshake: {},
      bad: new Set(),
    };
    this.handshakeLeft = opts.handshakeEvents ?? 1000;
    if (opts.tail) this.ring = new TailRing(opts.tail);
    this.opened = new Promise((resolve, reject) => (this.settle = (err) => (err === undefined ? resolve() : reject(err))));
    this.opened.catch(() => undefined); // the caller awaits it, or end() throws the same error
  }

  visit = ({ offset, bytes, terminated, tooLong }: ScannedBytes): boolean | void => {
    const lineNo = ++this.lineNo;
    const index = this.index;
    if (tooLong !== undefined) {
      if (!index.header)
        return this.refuse(
          new TraceError('TRACE_NO_HEADER', `not an mcpscope trace: ${tooLongWarning(lineNo, tooLong).replace(', skipped', '')}`),
        );
      this.warnings.add(offset, tooLongWarning(lineNo, tooLong));
      return;
    }
    if (!index.header) {
      const text = bytes.toString('utf8');
      const line = text.endsWith('\r') ? text.slice(0, -1) : text;
      if (line.trim() === '') return;
      const header = headerOf(line);
      if (header instanceof TraceError) return this.refuse(header);
      index.header = header;
      index.start = { offset: offset + bytes.length + 1, line: lineNo + 1 };
      return;
    }
    const c = classifyLine(bytes, terminated);
    if (c.kind === 'blank') return;
    if (c.kind === 'bad') {
      this.warnings.add(offset, lineWarning(lineNo, offset, terminated, c.failure));
      return;
    }
    if (index.total % this.every === 0) this.wantCheckpoint = true;
    let event = c.event;
    const looking = this.handshakeLeft > 0 && c.kind === 'frame';
    if (!event && (this.opts.validate || this.wantCheckpoint || !this.firstSeqKnown || looking)) {
      const parsed = readTraceLine(bytes.toString('utf8'));
      const read =
        'event' in parsed && parsed.event.type !== 'frame' && c.kind === 'frame'
          ? TWO_TYPES
          : 'event' in parsed && parsed.event.type === 'frame' && c.kind !== 'frame'
            ? TWO_TYPES
            : parsed;
      if (!('event' in read)) {
        this.warnings.add(offset, lineWarning(lineNo, offset, terminated, read));
        if (index.bad!.size < MAX_EXCLUDED) {
          index.bad!.add(offset);
          return;
        }
      } else event = read.event;
    }
    if (event) {
      if (this.wantCheckpoint) index.checkpoints.push({ seq: event.seq, offset, line: lineNo });
      this.wantCheckpoint = false;
      if (!this.firstSeqKnown) index.firstSeq = event.seq;
      this.firstSeqKnown = true;
      index.lastSeq = event.seq;
    }
    index.total += 1;
    if (c.kind === 'frame') {
      if (index.frames % this.every === 0) index.frameCheckpoints.push({ frame: index.frames, offset, line: lineNo });
      index.frames += 1;
    }
    this.ring?.push(offset, lineNo, c.kind === 'frame');
    if (looking) {
      if (event) this.observeHandshake(event);
      this.handshakeLeft = index.handshake.serverCapabilities ? 0 : this.handshakeLeft - 1;
      if (this.handshakeLeft === 0 && !this.opts.validate) this.open();
    }
  };

  /** A read error mid-scan: what was indexed stays, with a warning (before the header: the error). */
  fail(err: unknown): void {
    if (!this.index.header) {
      this.settled = true;
      this.settle(err);
      throw err;
    }
    const message = err instanceof Error ? err.message : String(err);
    this.warnings.add(-1, `the trace could not be read past line ${this.lineNo}: ${message}; the lines before it are shown`);
  }

  /** The index once every line was visited; throws when the file is no trace. */
  end(): TraceIndex {
    if (this.headerError) throw this.headerError;
    if (!this.index.header) {
      const err = new TraceError('TRACE_NO_HEADER', 'not an mcpscope trace: the file is empty');
      if (!this.settled) this.settle(err);
      throw err;
    }
    this.open();
    return this.index as TraceIndex;
  }

  private open(): void {
    if (this.settled) return;
    this.settled = true;
    this.settle();
  }

  private refuse(err: TraceError): false {
    this.headerError = err;
    this.settled = true;
    this.settle(err);
    return false;
  }

  private observeHandshake(event: SessionEvent): void {
    if (event.type !== 'frame' || !event.msg || event.channel === 'app' || this.index.handshake.serverCapabilities) return;
    const id = messageId(event.msg);
    if (id === undefined) return;
    const method = event.msg.method;
    if (event.dir === 'out' && typeof method === 'string' && HANDSHAKES.has(method)) this.pending.set(idKey(id), method);
    else if (event.dir === 'in' && this.pending.has(idKey(id)) && event.msg.result && typeof event.msg.result === 'object') {
      this.index.handshake = handshakeFrom(this.pending.get(idKey(id))!, event.msg.result as Record<string, unknown>);
    }
  }
}

function handshakeFrom(method: string, result: Record<string, unknown>): Partial<SessionInfo> {
  const meta = (result._meta ?? {}) as Record<string, unknown>;
  const serverInfo = (result.serverInfo ?? meta['io.modelcontextprotocol/serverInfo']) as Record<string, unknown> | undefined;
  const versions = result.supportedVersions as string[] | undefined;
  return {
    era: method === 'initialize' ? 'legacy' : 'modern',
    protocolVersion: (result.protocolVersion as string | undefined) ?? versions?.[versions.length - 1],
    ...(serverInfo ? { serverInfo } : {}),
    serverCapabilities: (result.capabilities as Record<string, unknown>) ?? {},
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
  };
}

/** Line 1 parsed as the header, or a TraceError saying why it is not one. */
export function headerOf(line: string): TraceHeader | TraceError {
  if (jsonTextTooDeep(line)) return new TraceError('TRACE_BAD_HEADER', `invalid trace header: nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: { format?: unknown } | null;
  try {
    value = JSON.parse(line) as { format?: unknown } | null;
  } catch {
    value = null;
  }
  if (value?.format !== TRACE_FORMAT)
    return new TraceError('TRACE_NO_HEADER', `not an mcpscope trace: line 1 is not a "${TRACE_FORMAT}" header`);
  const parsed = TraceHeaderSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return new TraceError('TRACE_BAD_HEADER', `invalid trace header: ${issue?.path.join('.')}: ${issue?.message}`);
}
