import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { toolTaskMode, type TaskInfo } from '@mcpscope/wire';
import { featureAvailability, type Availability } from '../../lib/capabilities';
import { useNavigationTarget, navigate } from '../../lib/navigation';
import { useServices, useStoreSelector } from '../../lib/services';
import { isTerminalTaskStatus } from '@mcpscope/protocol';
import { useSessionTasks, useTasksApi } from '../../lib/tasksApi';
import { activeTabStore, frameFilterRequestStore } from '../../lib/uiState';
import { usePagedList } from '../../lib/usePagedList';
import { countTasks, matchesTask, type TaskFilter } from './taskRows';
import { useReceiverTasks } from './useReceiverTasks';

const NO_LIST_V2 = 'The 2026-07-28 tasks extension has no tasks/list; the tasks shown are the ones mcpscope saw';
// Only what the empty state needs from the Tools tab's cached listing (never fetched from here).
const TaskTool = z.looseObject({ name: z.string(), title: z.string().optional() });

export interface TaskAction {
  taskId: string;
  action: 'cancel' | 'refresh' | 'result';
}

/**
 * Presenter of the Tasks tab: the session's tasks (lib/tasksApi: GET …/tasks once, then `task`
 * socket messages), a filter, the selected task, and the user's actions on one task — cancel
 * (tasks/cancel), refresh (one tasks/get) and result (tasks/result) — plus "List from server"
 * (tasks/list, 2025-11-25 only, a user action: nothing is listed on its own). Every frame these
 * send carries the origin `tasks: …`. Also the tasks the server had mcpscope run (read from the
 * frames). State is per session: the tab is keyed by session id.
 */
export function useTasksViewModel(sessionId: string | null, now: () => number = Date.now) {
  const api = useTasksApi();
  const { store } = useServices();
  const session = useStoreSelector((s) => (sessionId ? s.sessions.find((x) => x.id === sessionId) : undefined));
  const { tasks, error: loadError } = useSessionTasks(sessionId);
  const [filter, setFilter] = useState<TaskFilter>('all');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [cursor, setCursor] = useState<{ next?: string; pages: number; last?: number }>({ pages: 0 });
  // "12 s ago" and the TTL left move on while tasks are shown.
  const [, setTick] = useState(0);
  const ticking = tasks.length > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  const generation = session?.era === 'modern' ? 'v2' : 'v1';
  const support = {
    generation,
    tasks: featureAvailability(session, 'tasks'),
    list:
      generation === 'v2'
        ? ({ available: false, declared: false, reason: NO_LIST_V2 } satisfies Availability)
        : featureAvailability(session, 'tasks.list'),
    cancel: featureAvailability(session, generation === 'v2' ? 'tasks' : 'tasks.cancel'),
  };

  useNavigationTarget('task', sessionId, (taskId) => {
    setSelectedId(taskId);
    setFilter('all');
    setSearch('');
  });

  const noteError = (taskId: string, message: string | null) =>
    setErrors((prev) => {
      const next = new Map(prev);
      if (message === null) next.delete(taskId);
      else next.set(taskId, message);
      return next;
    });

  const act = useMutation({
    mutationFn: async ({ taskId, action }: TaskAction): Promise<TaskInfo | undefined> => {
      const id = sessionId!;
      if (action === 'cancel') return api.cancel(id, taskId, 'tasks: cancel');
      if (action === 'refresh') return api.refresh(id, taskId, 'tasks: refresh');
      return (await api.result(id, taskId, 'tasks: get result')).task;
    },
    onMutate: ({ taskId }) => noteError(taskId, null),
    onSuccess: (task) => task && store.reportTask(task),
    onError: (err, { taskId, action }) =>
      noteError(
        taskId,
        `${action === 'cancel' ? 'tasks/cancel' : action === 'refresh' ? 'tasks/get' : 'tasks/result'} failed: ${err.message}`,
      ),
  });

  const listing = useMutation({
    mutationFn: (from: string | undefined) => api.listFromServer(sessionId!, from, 'tasks: list'),
    onSuccess: (reply, from) => {
      store.mergeTasks(sessionId!, reply.tasks);
      setCursor((c) => ({ next: reply.nextCursor, pages: from === undefined ? 1 : c.pages + 1, last: reply.tasks.length }));
    },
  });

  // The Tools tab's cached listing (not fetched here): which tools can start a task.
  const tools = usePagedList(sessionId, 'tools/list', 'tools', TaskTool, false, 'tasks: list tools');
  const taskTools = tools.items
    .map((t) => ({ name: t.name, title: t.title, mode: toolTaskMode(t, session ?? {}) }))
    .filter((t) => t.mode === 'required' || t.mode === 'optional');

  const receiverTasks = useReceiverTasks(sessionId);
  const rows = tasks.filter((t) => matchesTask(t, filter, search));
  const selected = selectedId === null ? undefined : tasks.find((t) => t.taskId === selectedId);

  return {
    sessionId,
    session,
    support,
    tasks,
    rows,
    /** Tasks mcpscope runs for the server (its sampling/elicitation requests as tasks), from the frames. */
    receiverTasks,
    counts: countTasks(tasks),
    loadError,
    filter,
    setFilter,
    search,
    setSearch,
    selected,
    /** A task picked (e.g. from the Tools tab) that the proxy does not know (yet). */
    missing: selectedId !== null && !selected ? selectedId : null,
    select: setSelectedId,
    errors,
    busy: act.isPending ? act.variables : undefined,
    /** Why `task` cannot be cancelled now, or undefined when it can. */
    cancelBlocked(task: TaskInfo): string | undefined {
      if (isTerminalTaskStatus(task.status))
        return `The task is ${task.status}; a finished task cannot be cancelled (the server answers -32602)`;
      return support.cancel.available ? undefined : support.cancel.reason;
    },
    cancel: (taskId: string) => act.mutate({ taskId, action: 'cancel' }),
    refresh: (taskId: string) => act.mutate({ taskId, action: 'refresh' }),
    fetchResult: (taskId: string) => act.mutate({ taskId, action: 'result' }),
    listFromServer: () => listing.mutate(undefined),
    listMore: () => cursor.next !== undefined && listing.mutate(cursor.next),
    listing: { pending: listing.isPending, error: listing.error, ...cursor },
    taskTools,
    toolsListed: tools.pages > 0,
    now,
    openTool: (name: string) => navigate('tools', { kind: 'tool', name }),
    /** The Frames tab, filtered to frames that mention the task id (its creation, polls, status, result). */
    showFrames(taskId: string) {
      if (!sessionId) return;
      frameFilterRequestStore.set({ sessionId, text: taskId });
      activeTabStore.set('frames');
    },
  };
}

export type TasksViewModel = ReturnType<typeof useTasksViewModel>;
