import type { FrameEvent } from '@mcpscope/protocol';
import { LOG_LEVELS, type LogLevel } from '../../lib/workbenchApi';
import type { SessionLog } from '../../lib/sessionLog';

/**
 * The notifications of one session log (both directions), and among them the server's log
 * messages (`notifications/message`, spec server/utilities/logging). Built incrementally:
 * `sync` looks only at frames appended since the last call.
 */
export interface LogEntry {
  frame: FrameEvent;
  /** The level as sent; `level` is one of the eight when the server sent a valid one. */
  rawLevel: string;
  level: LogLevel | undefined;
  logger?: string;
  data: unknown;
}

export const LEVEL_RANK: Record<LogLevel, number> = Object.fromEntries(LOG_LEVELS.map((l, i) => [l, i])) as Record<LogLevel, number>;

export function isNotification(frame: FrameEvent): boolean {
  const msg = frame.msg;
  return msg !== undefined && typeof msg.method === 'string' && !('id' in msg);
}

/** Changes worth a highlight: a resource updated, or a list changed (the UI's lists refetch). */
export function highlightOf(method: string): 'updated' | 'list-changed' | null {
  if (method === 'notifications/resources/updated') return 'updated';
  if (/^notifications\/[\w/]+\/list_changed$/.test(method)) return 'list-changed';
  return null;
}

export function logEntryOf(frame: FrameEvent): LogEntry | null {
  const msg = frame.msg;
  if (frame.dir !== 'in' || !msg || msg.method !== 'notifications/message' || 'id' in msg) return null;
  const params = (msg.params ?? {}) as Record<string, unknown>;
  const rawLevel = typeof params.level === 'string' ? params.level : String(params.level ?? '');
  const level = (LOG_LEVELS as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : undefined;
  return { frame, rawLevel, level, logger: typeof params.logger === 'string' ? params.logger : undefined, data: params.data };
}

export class NotificationIndex {
  readonly all: FrameEvent[] = [];
  readonly logs: LogEntry[] = [];
  /** The most severe valid level seen so far (-1: none). */
  worstLevelRank = -1;

  private scanned = 0;
  private readonly methodSet = new Set<string>();
  private methodList: string[] = [];
  private readonly loggerSet = new Set<string>();
  private loggerList: string[] = [];

  /** Appends the notifications among `frames[scanned…]`; returns whether anything was added. */
  sync(frames: {
    length: number;
    base?: number;
    first?(): FrameEvent | undefined;
    range(start: number, end: number): Iterable<FrameEvent>;
  }): boolean {
    const trimmed = this.trim(frames.base ? frames.first?.()?.seq : undefined);
    const before = this.all.length;
    for (const frame of frames.range(this.scanned, frames.length)) {
      if (!isNotification(frame)) continue;
      this.all.push(frame);
      const method = frame.msg!.method as string;
      if (!this.methodSet.has(method)) {
        this.methodSet.add(method);
        this.methodList = [...this.methodSet].sort();
      }
      const entry = logEntryOf(frame);
      if (entry) {
        this.logs.push(entry);
        if (entry.level) this.worstLevelRank = Math.max(this.worstLevelRank, LEVEL_RANK[entry.level]);
        if (entry.logger && !this.loggerSet.has(entry.logger)) {
          this.loggerSet.add(entry.logger);
          this.loggerList = [...this.loggerSet].sort();
        }
      }
    }
    this.scanned = frames.length;
    return trimmed || this.all.length !== before;
  }

  /** Forgets the notifications that left the log's memory (frames before `firstSeq`). */
  private trim(firstSeq: number | undefined): boolean {
    // The log drops whole chunks of frames, so this splices once per chunk that left.
    if (firstSeq === undefined || this.all.length === 0 || this.all[0].seq >= firstSeq) return false;
    let n = 0;
    while (n < this.all.length && this.all[n].seq < firstSeq) n++;
    this.all.splice(0, n);
    let k = 0;
    while (k < this.logs.length && this.logs[k].frame.seq < firstSeq) k++;
    this.logs.splice(0, k);
    return true;
  }

  get methods(): readonly string[] {
    return this.methodList;
  }

  get loggers(): readonly string[] {
    return this.loggerList;
  }
}

const INDEX_KEY = {};
/** One index per session log (held by the log), shared by the panel and the tab badge. */
export function indexFor(log: Pick<SessionLog, 'derive'>): NotificationIndex {
  return log.derive(INDEX_KEY, () => new NotificationIndex());
}

export interface NotificationFilter {
  method: string | null;
  dir: 'all' | 'in' | 'out';
  text: string;
}

const textCache = new WeakMap<FrameEvent, string>();
/** The message as lower-case JSON, computed once per frame. */
export function searchableText(frame: FrameEvent): string {
  let t = textCache.get(frame);
  if (t === undefined) {
    t = (JSON.stringify(frame.msg) ?? '').toLowerCase();
    textCache.set(frame, t);
  }
  return t;
}

export function matchesNotification(frame: FrameEvent, f: NotificationFilter): boolean {
  if (f.dir !== 'all' && frame.dir !== f.dir) return false;
  if (f.method && frame.msg?.method !== f.method) return false;
  const q = f.text.trim().toLowerCase();
  return !q || searchableText(frame).includes(q);
}

export interface LogFilter {
  /** Show this level and above. */
  minLevel: LogLevel;
  logger: string | null;
  text: string;
}

export function matchesLog(e: LogEntry, f: LogFilter): boolean {
  // An invalid level is always shown: a debugger must not hide what the spec forbids.
  if (e.level && LEVEL_RANK[e.level] < LEVEL_RANK[f.minLevel]) return false;
  if (f.logger && e.logger !== f.logger) return false;
  const q = f.text.trim().toLowerCase();
  return !q || searchableText(e.frame).includes(q);
}
