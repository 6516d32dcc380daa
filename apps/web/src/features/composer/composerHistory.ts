import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { createValueStore } from '../../lib/valueStore';

/** v2: one history per session (v1 was one list for every server, so one session's sends were offered on another). */
const KEY = 'mcpscope.composer.history.v2';
const LIMIT = 50;
/** Sessions whose history is remembered; the least recently used is forgotten first. */
const SESSION_LIMIT = 20;

const EntrySchema = z.object({
  at: z.number(),
  method: z.string(),
  text: z.string(),
  notification: z.boolean(),
  outcome: z.enum(['ok', 'rpc-error', 'failed', 'sent']),
  latencyMs: z.number().optional(),
});
export type HistoryEntry = z.infer<typeof EntrySchema>;

/** Stored as [sessionId, entries] pairs: a session id may come from a trace, so it is never an object key. */
const StoredSchema = z.array(z.tuple([z.string(), z.array(EntrySchema)]));
type Histories = ReadonlyMap<string, readonly HistoryEntry[]>;

export const historyStore = createValueStore<Histories>(new Map(readLocalJson(KEY, StoredSchema, [])));

const NONE: readonly HistoryEntry[] = [];

/** The history of one session, newest first. */
export function historyOf(histories: Histories, sessionId: string | null): readonly HistoryEntry[] {
  return (sessionId !== null && histories.get(sessionId)) || NONE;
}

function save(next: Map<string, readonly HistoryEntry[]>): void {
  while (next.size > SESSION_LIMIT) next.delete(next.keys().next().value as string);
  historyStore.set(next);
  writeLocalJson(KEY, [...next]);
}

/** Newest first; identical consecutive messages collapse into one entry. */
export function addHistory(sessionId: string, entry: HistoryEntry): void {
  const prev = historyStore.getSnapshot();
  const rest = historyOf(prev, sessionId).filter((e) => !(e.text === entry.text && e.notification === entry.notification));
  const next = new Map(prev);
  next.delete(sessionId); // re-inserted last: the most recently used session
  next.set(sessionId, [entry, ...rest].slice(0, LIMIT));
  save(next);
}

export function clearHistory(sessionId: string): void {
  const next = new Map(historyStore.getSnapshot());
  next.delete(sessionId);
  save(next);
}

/** The session was removed: its history goes with it (from this page and from localStorage). */
export function forgetHistory(sessionId: string): void {
  if (historyStore.getSnapshot().has(sessionId)) clearHistory(sessionId);
}
