import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { createValueStore } from '../../lib/valueStore';

const KEY = 'mcpscope.composer.history';
const LIMIT = 50;

const EntrySchema = z.object({
  at: z.number(),
  method: z.string(),
  text: z.string(),
  notification: z.boolean(),
  outcome: z.enum(['ok', 'rpc-error', 'failed', 'sent']),
  latencyMs: z.number().optional(),
});
export type HistoryEntry = z.infer<typeof EntrySchema>;

export const historyStore = createValueStore<readonly HistoryEntry[]>(readLocalJson(KEY, z.array(EntrySchema), []));

/** Newest first; identical consecutive messages collapse into one entry. */
export function addHistory(entry: HistoryEntry): void {
  const prev = historyStore.getSnapshot();
  const rest = prev.filter((e) => !(e.text === entry.text && e.notification === entry.notification));
  const next = [entry, ...rest].slice(0, LIMIT);
  historyStore.set(next);
  writeLocalJson(KEY, next);
}

export function clearHistory(): void {
  historyStore.set([]);
  writeLocalJson(KEY, []);
}
