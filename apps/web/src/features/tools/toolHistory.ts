import { createValueStore } from '../../lib/valueStore';

export type CallOutcome = 'result' | 'is-error' | 'rpc-error' | 'cancelled' | 'timeout' | 'failed';

/** One finished call. `argsText` is the exact arguments text that was sent. */
export interface ToolCallRecord {
  id: string;
  sessionId: string;
  tool: string;
  argsText: string;
  outcome: CallOutcome;
  /** One line: the error message, or the first text content. */
  summary: string;
  latencyMs?: number;
  at: number;
}

const MAX_PER_TOOL = 50;

/** Calls per session and tool, newest first, in memory for as long as the page lives. */
export const toolHistoryStore = createValueStore<ReadonlyMap<string, readonly ToolCallRecord[]>>(new Map());

const keyOf = (sessionId: string, tool: string) => `${sessionId}\u0000${tool}`;

export function recordCall(record: ToolCallRecord): void {
  toolHistoryStore.set((prev) => {
    const next = new Map(prev);
    const key = keyOf(record.sessionId, record.tool);
    next.set(key, [record, ...(prev.get(key) ?? [])].slice(0, MAX_PER_TOOL));
    return next;
  });
}

export function callsOf(history: ReadonlyMap<string, readonly ToolCallRecord[]>, sessionId: string | null, tool: string | undefined): readonly ToolCallRecord[] {
  if (!sessionId || !tool) return EMPTY;
  return history.get(keyOf(sessionId, tool)) ?? EMPTY;
}

export function clearCalls(sessionId: string, tool: string): void {
  toolHistoryStore.set((prev) => {
    const next = new Map(prev);
    next.delete(keyOf(sessionId, tool));
    return next;
  });
}

const EMPTY: readonly ToolCallRecord[] = [];
