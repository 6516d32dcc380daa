import { useMemo, useState } from 'react';
import type { ConsoleEntry, ConsoleKind } from '../../lib/consoleEntry';
import { formatClock } from '../../lib/format';
import type { SessionLog } from '../../lib/sessionLog';
import { useSessionLog } from '../../lib/services';
import { useFollowTail } from '../../lib/useFollowTail';

export const CONSOLE_KINDS: ConsoleKind[] = ['stderr', 'lifecycle', 'http', 'oauth'];

/**
 * Console rows for a set of kinds and a search text, kept up to date incrementally. Only lines
 * still in memory are rows: lines dropped for the memory budget leave from the top.
 */
export class ConsoleIndex {
  private rows: number[] = [];
  /** rows[head…] are the lines still held. */
  private head = 0;
  private scanned = 0;
  private readonly needle: string;

  constructor(
    readonly log: SessionLog,
    readonly kinds: ReadonlySet<ConsoleKind>,
    search: string,
  ) {
    this.needle = search.trim().toLowerCase();
  }

  update(): number {
    const list = this.log.console;
    while (this.head < this.rows.length && this.rows[this.head] < list.base) this.head++;
    if (this.head > 4096 && this.head * 2 > this.rows.length) {
      this.rows = this.rows.slice(this.head);
      this.head = 0;
    }
    for (let i = Math.max(this.scanned, list.base); i < list.length; i++) {
      const e = list.get(i)!;
      if (this.kinds.has(e.kind) && (!this.needle || e.text.toLowerCase().includes(this.needle))) this.rows.push(i);
    }
    this.scanned = list.length;
    return this.rows.length - this.head;
  }

  at(row: number): ConsoleEntry | undefined {
    return this.log.console.get(this.rows[this.head + row] ?? -1);
  }

  *entries(): IterableIterator<ConsoleEntry> {
    for (let r = this.head; r < this.rows.length; r++) {
      const entry = this.log.console.get(this.rows[r]);
      if (entry) yield entry;
    }
  }
}

/** Console lines older than those held exist: dropped for the budget, or before the backlog's start. */
export function consoleOlderOnDisk(log: Pick<SessionLog, 'droppedConsole' | 'firstSeq'>): boolean {
  return log.droppedConsole > 0 || log.firstSeq > 1;
}

export function formatConsoleLine(e: ConsoleEntry, startedAt: number): string {
  const tag = e.kind === 'stderr' ? 'stderr' : `${e.kind}:${e.label}`;
  return `${formatClock(startedAt + e.t)} [${tag}] ${e.text}`;
}

export function useConsoleModel(sessionId: string | null, startedAt: number) {
  const { log, version } = useSessionLog(sessionId);
  const [kinds, setKinds] = useState<ReadonlySet<ConsoleKind>>(() => new Set(CONSOLE_KINDS));
  const [search, setSearch] = useState('');
  const index = useMemo(() => (log ? new ConsoleIndex(log, kinds, search) : null), [log, kinds, search]);
  const count = useMemo(() => index?.update() ?? 0, [index, version]); // the log changes in place: `version` says when
  const tail = useFollowTail(index, count);
  // Lines per kind still in memory: the same lines the list shows.
  const counts = log?.consoleCounts ?? { stderr: 0, lifecycle: 0, http: 0, oauth: 0 };

  return {
    count,
    total: log?.console.held ?? 0,
    /** Older lines are on disk (the memory budget, or a backlog that started mid-session). */
    olderOnDisk: log ? consoleOlderOnDisk(log) : false,
    /** Lines this tab dropped for the memory budget (the backlog may have left out more). */
    dropped: log?.droppedConsole ?? 0,
    counts,
    at: (row: number) => index?.at(row),
    kinds,
    toggleKind: (kind: ConsoleKind) =>
      setKinds((prev) => {
        const next = new Set(prev);
        if (next.has(kind)) next.delete(kind);
        else next.add(kind);
        return next;
      }),
    search,
    setSearch,
    /** Every kind, no search text. */
    clearFilters: () => {
      setSearch('');
      setKinds(new Set(CONSOLE_KINDS));
    },
    /** The visible lines as plain text, for "Copy all". */
    allText: () => (index ? [...index.entries()].map((e) => formatConsoleLine(e, startedAt)).join('\n') : ''),
    ...tail,
  };
}
