import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a trace is called for people, kept beside the traces (`names.json`, 0600): the name the
 * user gave its session (a rename, also after it ended or when opened offline) and the server's
 * own `serverInfo`. A trace's header is written when its session starts, before the server said
 * its name and before any rename; without this the Traces list and Compare called a recording
 * `index.js` while the session list said "Everything Reference Server" or the user's name.
 */
export interface TraceName {
  /** The session's name (the user's when `named`, else the one derived from the command). */
  name: string;
  named?: boolean;
  /** The server's own name, title and version (strings only, capped). */
  serverInfo?: { name?: string; title?: string; version?: string };
}

const FILE = 'names.json';
/** Traces remembered; the oldest entries go past this. */
const MAX_ENTRIES = 5000;
const MAX_TEXT = 200;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, MAX_TEXT) : undefined);

/** A stored entry, read defensively: the file is in the user's folder but anything may be in it. */
function parseEntry(raw: unknown): TraceName | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const name = text(Object.hasOwn(r, 'name') ? r.name : undefined);
  if (name === undefined) return undefined;
  const info = Object.hasOwn(r, 'serverInfo') ? r.serverInfo : undefined;
  const serverInfo =
    info !== null && typeof info === 'object' && !Array.isArray(info) ? serverInfoOf(info as Record<string, unknown>) : undefined;
  return { name, ...(Object.hasOwn(r, 'named') && r.named === true ? { named: true } : {}), ...(serverInfo ? { serverInfo } : {}) };
}

/** The display fields of a serverInfo (untrusted: strings only, capped). */
export function serverInfoOf(info: Record<string, unknown> | undefined): TraceName['serverInfo'] {
  if (!info) return undefined;
  const out: NonNullable<TraceName['serverInfo']> = {};
  for (const key of ['name', 'title', 'version'] as const) {
    const v = text(Object.hasOwn(info, key) ? info[key] : undefined);
    if (v !== undefined) out[key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

export class TraceNames {
  private entries: Map<string, TraceName> | undefined;

  constructor(private readonly dir: string) {}

  private load(): Map<string, TraceName> {
    if (this.entries) return this.entries;
    const map = new Map<string, TraceName>();
    try {
      const raw: unknown = JSON.parse(readFileSync(join(this.dir, FILE), 'utf8'));
      if (Array.isArray(raw)) {
        for (const item of raw.slice(-MAX_ENTRIES)) {
          const id = Array.isArray(item) && typeof item[0] === 'string' ? item[0] : undefined;
          const entry = id !== undefined ? parseEntry(item[1]) : undefined;
          if (id !== undefined && entry) map.set(id, entry);
        }
      }
    } catch {
      // none yet, or unreadable: the traces keep the names in their headers
    }
    this.entries = map;
    return map;
  }

  get(traceId: string): TraceName | undefined {
    return this.load().get(traceId);
  }

  /** Records what trace `traceId` is called now; written at once (a crash keeps it). */
  set(traceId: string, entry: TraceName): void {
    const map = this.load();
    const prev = map.get(traceId);
    if (prev && JSON.stringify(prev) === JSON.stringify(entry)) return;
    map.delete(traceId);
    map.set(traceId, entry);
    while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
    const file = join(this.dir, FILE);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify([...map]), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // a read-only folder: the name is kept for this run only
    }
  }
}
