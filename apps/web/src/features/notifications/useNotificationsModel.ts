import { useMemo, useState } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { navigate } from '../../lib/navigation';
import type { SessionLog } from '../../lib/sessionLog';
import { useSessionLog } from '../../lib/services';
import { frameFilterRequestStore } from '../../lib/uiState';
import { useFollowTail } from '../../lib/useFollowTail';
import type { LogLevel } from '../../lib/workbenchApi';
import { IncrementalFilter } from './incrementalFilter';
import {
  indexFor,
  matchesLog,
  matchesNotification,
  NotificationIndex,
  type LogEntry,
  type LogFilter,
  type NotificationFilter,
} from './notificationIndex';

export type NotificationsView = 'all' | 'logs';

/**
 * Presenter of the Notifications tab: every notification frame of the session (both
 * directions) and the server's log messages, each with its filters, selection and tail-follow.
 */
export function useNotificationsModel(sessionId: string | null) {
  const { log, version } = useSessionLog(sessionId);
  const index = useMemo(() => (log ? indexFor(log) : new NotificationIndex()), [log]);
  if (log) index.sync(log.frames); // idempotent: only frames appended since the last render are read
  const total = index.all.length;
  const logTotal = index.logs.length;

  const [view, setView] = useState<NotificationsView>('all');
  const [filter, setFilter] = useState<NotificationFilter>({ method: null, dir: 'all', text: '' });
  const [logFilter, setLogFilter] = useState<LogFilter>({ minLevel: 'debug', logger: null, text: '' });
  const notificationFilter = useMemo(() => new IncrementalFilter<FrameEvent, NotificationFilter>(matchesNotification), [index]);
  const logEntryFilter = useMemo(() => new IncrementalFilter<LogEntry, LogFilter>(matchesLog), [index]);
  const rows = notificationFilter.update(index.all, filter);
  const logRows = logEntryFilter.update(index.logs, logFilter);

  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const followAll = useFollowTail(filter, rows.length);
  const followLogs = useFollowTail(logFilter, logRows.length);

  const levelCounts = useMemo(() => {
    const counts: Partial<Record<string, number>> = {};
    for (const e of index.logs) counts[e.rawLevel] = (counts[e.rawLevel] ?? 0) + 1;
    return counts;
  }, [index, logTotal]); // the index grows in place: the log total says when

  const selected = selectedSeq === null ? undefined : (log?.frameBySeq(selectedSeq) ?? undefined);
  const filtered = filter.method !== null || filter.dir !== 'all' || filter.text.trim() !== '';
  const logFiltered = logFilter.minLevel !== 'debug' || logFilter.logger !== null || logFilter.text.trim() !== '';
  return {
    version,
    view,
    setView,
    total,
    rows,
    filter,
    filtered,
    setMethod: (method: string | null) => setFilter((f) => ({ ...f, method })),
    setDir: (dir: NotificationFilter['dir']) => setFilter((f) => ({ ...f, dir })),
    setText: (text: string) => setFilter((f) => ({ ...f, text })),
    clearFilter: () => setFilter({ method: null, dir: 'all', text: '' }),
    methods: index.methods,
    logTotal,
    logRows,
    logFilter,
    logFiltered,
    setMinLevel: (minLevel: LogLevel) => setLogFilter((f) => ({ ...f, minLevel })),
    setLogger: (logger: string | null) => setLogFilter((f) => ({ ...f, logger })),
    setLogText: (text: string) => setLogFilter((f) => ({ ...f, text })),
    clearLogFilter: () => setLogFilter({ minLevel: 'debug', logger: null, text: '' }),
    loggers: index.loggers,
    levelCounts,
    selected,
    select: (seq: number | null) => setSelectedSeq(seq),
    follow: view === 'all' ? followAll : followLogs,
    /** Notifications that left memory (the budget): how many are known, and whether there may be more. */
    older: olderOnDisk(index, log ?? null, view),
    /** Opens the Frames tab filtered to these notifications: it pages through the whole session on disk. */
    showOlderInFrames: () => {
      if (!sessionId) return;
      const method = view === 'logs' ? 'notifications/message' : filter.method;
      frameFilterRequestStore.set({ sessionId, kind: 'notification', method });
      navigate('frames');
    },
  };
}

/** How many notifications left memory (counted by the log as they arrived); `unknown`: maybe more (a backlog mid-session). */
function olderOnDisk(
  index: NotificationIndex,
  log: SessionLog | null,
  view: NotificationsView,
): { count: number; unknown: boolean } | null {
  const counts = log?.notificationCounts;
  const count = counts ? (view === 'all' ? counts.all - index.all.length : counts.logs - index.logs.length) : 0;
  const unknown = (log?.firstSeq ?? 1) > 1 && (log?.frames.base ?? 0) > 0;
  return count > 0 || unknown ? { count, unknown } : null;
}

export type NotificationsModel = ReturnType<typeof useNotificationsModel>;
