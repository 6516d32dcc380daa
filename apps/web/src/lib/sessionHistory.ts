import type { EventStore } from './eventStore';
import { defineSessionSlot } from './sessionState';
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

/**
 * A tab's request history of one session, newest first, held by the session's state (it goes
 * with the session). Read it with `useSessionSlot(sessionId, history.slot)`.
 */
export function createSessionHistory<E extends RequestRecord>(name: string, limit = 50) {
  const slot = defineSessionSlot<readonly E[]>(name, []);
  let counter = 0;
  return {
    slot,
    /** A fresh entry id. */
    nextId: () => `${Date.now().toString(36)}-${++counter}`,
    record(store: Pick<EventStore, 'updateSlot'>, sessionId: string, entry: E): void {
      store.updateSlot(sessionId, slot, (prev) => [entry, ...prev].slice(0, limit));
    },
    clear(store: Pick<EventStore, 'updateSlot'>, sessionId: string): void {
      store.updateSlot(sessionId, slot, () => slot.empty);
    },
  };
}

/** The one-line summary of a failed request. */
export function failureSummary(err: unknown): { outcome: RequestOutcome; summary: string } {
  if (err instanceof RpcError) return { outcome: 'rpc-error', summary: `${err.code} ${err.message}` };
  return { outcome: 'failed', summary: err instanceof Error ? err.message : String(err) };
}
