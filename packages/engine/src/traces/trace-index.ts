import { statSync } from 'node:fs';
import { parseEvent, TraceError, TraceHeaderSchema, TRACE_FORMAT, tooDeepWarning, tooLongWarning, type TraceHeader } from '@mcpscope/trace';
import { idKey, jsonTextTooDeep, MAX_JSON_DEPTH, messageId, type SessionEvent } from '@mcpscope/protocol';
import type { SessionInfo } from '../types.js';
import { scanLines } from './line-scanner.js';

/** Byte offsets of every `every`-th event, found by streaming the file once. */
export interface TraceIndex {
  file: string;
  header: TraceHeader;
  size: number;
  total: number;
  /** A checkpoint every this many events. */
  every: number;
  firstSeq: number;
  lastSeq: number;
  checkpoints: Array<{ seq: number; offset: number }>;
  /** Frame events in the file (ordinals 0 … frames-1, the numbering the browser uses). */
  frames: number;
  /** Byte offset of every `every`-th frame event (frame ordinal 0, every, 2·every, …). */
  frameCheckpoints: Array<{ frame: number; offset: number }>;
  warnings: string[];
  /** Written by this process (a spill file): lines are read with JSON.parse only, not re-validated. */
  trusted?: boolean;
  /** What the recorded handshake said (era, protocol, serverInfo, capabilities, instructions). */
  handshake: Partial<SessionInfo>;
}

const HANDSHAKES = new Set(['initialize', 'server/discover']);

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

/**
 * Streams a trace v1 file into an index: header, counts, a checkpoint every `every` events,
 * the handshake, and warnings (malformed lines; a last line cut off mid-write). Nothing but
 * one line at a time is held in memory.
 */
export async function indexTrace(file: string, every = 1000): Promise<TraceIndex> {
  let header: TraceHeader | undefined;
  const index: Omit<TraceIndex, 'header'> = { file, size: statSync(file).size, total: 0, every, firstSeq: 0, lastSeq: 0, checkpoints: [], frames: 0, frameCheckpoints: [], warnings: [], handshake: {} };
  const pending = new Map<string, string>();
  let lineNo = 0;
  let headerError: TraceError | undefined;
  await scanLines(file, 0, ({ offset, text, terminated, tooLong }) => {
    lineNo += 1;
    if (tooLong !== undefined) {
      if (!header) {
        headerError = new TraceError('TRACE_NO_HEADER', `not an mcpscope trace: ${tooLongWarning(lineNo, tooLong).replace(', skipped', '')}`);
        return false;
      }
      index.warnings.push(tooLongWarning(lineNo, tooLong));
      return;
    }
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.trim() === '') return;
    if (!header) {
      const parsed = headerOf(line);
      if (parsed instanceof TraceError) {
        headerError = parsed;
        return false;
      }
      header = parsed;
      return;
    }
    if (jsonTextTooDeep(line)) {
      index.warnings.push(tooDeepWarning(lineNo));
      return;
    }
    let event: SessionEvent;
    try {
      const parsed = parseEvent(JSON.parse(line));
      if ('error' in parsed) {
        index.warnings.push(`line ${lineNo}: ${parsed.error}, skipped`);
        return;
      }
      event = parsed.event;
    } catch {
      index.warnings.push(
        terminated
          ? `line ${lineNo}: not valid JSON, skipped`
          : `the trace was cut off mid-line at byte ${offset}; everything before it was kept`,
      );
      return;
    }
    if (index.total % every === 0) index.checkpoints.push({ seq: event.seq, offset });
    if (index.total === 0) index.firstSeq = event.seq;
    index.total += 1;
    index.lastSeq = event.seq;
    if (event.type === 'frame') {
      if (index.frames % every === 0) index.frameCheckpoints.push({ frame: index.frames, offset });
      index.frames += 1;
    }
    observeHandshake(event, pending, index);
  });
  if (headerError) throw headerError;
  if (!header) throw new TraceError('TRACE_NO_HEADER', 'not an mcpscope trace: the file is empty');
  return { ...index, header };
}

/** Line 1 parsed as the header, or a TraceError saying why it is not one. */
function headerOf(line: string): TraceHeader | TraceError {
  if (jsonTextTooDeep(line)) return new TraceError('TRACE_BAD_HEADER', `invalid trace header: nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: { format?: unknown } | null;
  try {
    value = JSON.parse(line) as { format?: unknown } | null;
  } catch {
    value = null;
  }
  if (value?.format !== TRACE_FORMAT) return new TraceError('TRACE_NO_HEADER', `not an mcpscope trace: line 1 is not a "${TRACE_FORMAT}" header`);
  const parsed = TraceHeaderSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return new TraceError('TRACE_BAD_HEADER', `invalid trace header: ${issue?.path.join('.')}: ${issue?.message}`);
}

function observeHandshake(event: SessionEvent, pending: Map<string, string>, index: Omit<TraceIndex, 'header'>): void {
  if (event.type !== 'frame' || !event.msg || event.channel === 'app' || index.handshake.serverCapabilities) return;
  const id = messageId(event.msg);
  if (id === undefined) return;
  const method = event.msg.method;
  if (event.dir === 'out' && typeof method === 'string' && HANDSHAKES.has(method)) pending.set(idKey(id), method);
  else if (event.dir === 'in' && pending.has(idKey(id)) && event.msg.result && typeof event.msg.result === 'object') {
    index.handshake = handshakeFrom(pending.get(idKey(id))!, event.msg.result as Record<string, unknown>);
  }
}

/** Reads up to `limit` events with seq ≥ `from`, starting at the nearest checkpoint. */
export async function readEvents(index: TraceIndex, from: number, limit: number): Promise<SessionEvent[]> {
  let start = index.checkpoints[0]?.offset ?? index.size;
  for (const c of index.checkpoints) {
    if (c.seq > from) break;
    start = c.offset;
  }
  const out: SessionEvent[] = [];
  if (limit <= 0) return out;
  const read = lineReader(index);
  await scanLines(index.file, start, ({ text }) => {
    const event = read(text);
    if (!event || event.seq < from) return;
    out.push(event);
    return out.length < limit;
  });
  return out;
}

/** Parses one line into an event, or undefined (the header, a malformed or invalid line). */
export function lineReader(index: Pick<TraceIndex, 'trusted'>): (text: string) => SessionEvent | undefined {
  if (index.trusted) {
    return (text) => {
      try {
        const value = JSON.parse(text) as SessionEvent;
        return typeof value?.seq === 'number' && typeof value.type === 'string' ? value : undefined;
      } catch {
        return undefined;
      }
    };
  }
  return (text) => {
    if (jsonTextTooDeep(text)) return undefined;
    try {
      const parsed = parseEvent(JSON.parse(text));
      return 'error' in parsed ? undefined : parsed.event;
    } catch {
      return undefined;
    }
  };
}

/** Every event of the trace, streamed (for compare, export and replay of large traces). */
export async function* iterateEvents(index: TraceIndex, batch = 5000): AsyncGenerator<SessionEvent> {
  let from = index.firstSeq;
  for (;;) {
    const page = await readEvents(index, from, batch);
    yield* page;
    if (page.length < batch) return;
    from = page[page.length - 1]!.seq + 1;
  }
}
