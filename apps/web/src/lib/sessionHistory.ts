import { createValueStore, type ValueStore } from './valueStore';
import { RpcError } from './workbenchApi';

/** How a request of a tab's history ended. */
export type RequestOutcome = 'ok' | 'rpc-error' | 'failed';

/** One request a tab made (Resources: a read; Prompts: a get), newest first in its history. */
export interface RequestRecord {
  id: string;
  at: number;
  outcome: RequestOutcome;
  /** One line: the error message, or what came back. */
  summary: string;
  latencyMs?: number;
}

type Histories<E> = ReadonlyMap<string, readonly E[]>;

/**
 * A tab's request history, per session (a session id may come from a trace: a Map key, never an
 * object key), newest first, in memory for as long as the page lives.
 */
export function createSessionHistory<E extends RequestRecord>(limit = 50) {
  const store: ValueStore<Histories<E>> = createValueStore<Histories<E>>(new Map());
  const none: readonly E[] = [];
  let counter = 0;
  return {
    store,
    /** A fresh entry id. */
    nextId: () => `${Date.now().toString(36)}-${++counter}`,
    of: (histories: Histories<E>, sessionId: string | null): readonly E[] => (sessionId !== null && histories.get(sessionId)) || none,
    record(sessionId: string, entry: E): void {
      store.set((prev) => new Map(prev).set(sessionId, [entry, ...(prev.get(sessionId) ?? [])].slice(0, limit)));
    },
    clear(sessionId: string): void {
      store.set((prev) => {
        const next = new Map(prev);
        next.delete(sessionId);
        return next;
      });
    },
  };
}

/** The one-line summary of a failed request. */
export function failureSummary(err: unknown): { outcome: RequestOutcome; summary: string } {
  if (err instanceof RpcError) return { outcome: 'rpc-error', summary: `${err.code} ${err.message}` };
  return { outcome: 'failed', summary: err instanceof Error ? err.message : String(err) };
}
