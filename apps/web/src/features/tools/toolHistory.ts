import type { EventStore } from '../../lib/eventStore';
import { defineSessionSlot } from '../../lib/sessionState';

export type CallOutcome = 'result' | 'is-error' | 'rpc-error' | 'cancelled' | 'timeout' | 'refused' | 'failed';

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

type ToolHistory = ReadonlyMap<string, readonly ToolCallRecord[]>;

/** A session's calls by tool name (a Map: tool names are the server's strings), newest first; they go with the session. */
export const toolHistorySlot = defineSessionSlot<ToolHistory>('tool history', new Map());

export function recordCall(store: Pick<EventStore, 'updateSlot'>, record: ToolCallRecord): void {
  store.updateSlot(record.sessionId, toolHistorySlot, (prev) =>
    new Map(prev).set(record.tool, [record, ...(prev.get(record.tool) ?? [])].slice(0, MAX_PER_TOOL)),
  );
}

export function callsOf(history: ToolHistory, tool: string | undefined): readonly ToolCallRecord[] {
  return (tool !== undefined && history.get(tool)) || EMPTY;
}

export function clearCalls(store: Pick<EventStore, 'updateSlot'>, sessionId: string, tool: string): void {
  store.updateSlot(sessionId, toolHistorySlot, (prev) => {
    if (!prev.has(tool)) return prev;
    const next = new Map(prev);
    next.delete(tool);
    return next;
  });
}

const EMPTY: readonly ToolCallRecord[] = [];
