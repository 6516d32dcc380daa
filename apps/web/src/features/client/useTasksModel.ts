import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { FrameEvent } from '@mcpscope/protocol';
import { useStoreSelector } from '../../lib/services';
import { useInvalidateOnNotification } from '../../lib/useInvalidateOnNotification';
import { useNewFrames } from '../../lib/useNewFrames';
import { usePagedList } from '../../lib/usePagedList';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { readTask, taskInFrame, tasksSupport, type TaskView } from './tasks';

const AnyTask = z.unknown().transform((v, ctx) => readTask(v) ?? (ctx.addIssue({ code: 'custom', message: 'not a task' }), z.NEVER));

export interface TaskRow {
  task: TaskView;
  /** Where it was last seen: tasks/list, tasks/get, a frame, or typed in. */
  source: string;
  error?: string;
}

/**
 * Presenter of the tasks panel: `tasks/list` where the server offers it (2025-11-25), tasks
 * seen in frames (both eras; the 2026-07-28 extension has no list), `tasks/get` and
 * `tasks/cancel`. A `notifications/tasks/status` refreshes the list.
 */
export function useTasksModel(sessionId: string | null) {
  const wb = useWorkbenchApi();
  const queryClient = useQueryClient();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const support = tasksSupport(session);
  const list = usePagedList(sessionId, 'tasks/list', 'tasks', AnyTask, support.list.available, 'client: list tasks');
  useInvalidateOnNotification(sessionId, 'notifications/tasks/status', 'tasks/list');
  const [seen, setSeen] = useState<{ sessionId: string | null; rows: Map<string, TaskRow> }>({ sessionId, rows: new Map() });
  const rows = seen.sessionId === sessionId ? seen.rows : new Map<string, TaskRow>();
  const put = (row: TaskRow) => setSeen((s) => ({ sessionId, rows: new Map(s.sessionId === sessionId ? s.rows : []).set(row.task.taskId, row) }));

  useNewFrames(sessionId, (f: FrameEvent) => {
    const task = taskInFrame(f);
    if (task) put({ task, source: `frame #${f.seq}` });
  }, true);

  const call = useMutation({
    mutationFn: async ({ method, taskId }: { method: 'tasks/get' | 'tasks/cancel'; taskId: string }) => ({ method, taskId, result: await wb.result(sessionId!, method, { taskId }, method === 'tasks/get' ? 'client: get task' : 'client: cancel task') }),
    onSuccess: ({ method, taskId, result }) => {
      const task = readTask(result);
      // The extension's tasks/cancel answers with an empty result: the status comes with the next get.
      put(task ? { task, source: method } : { task: { ...(rows.get(taskId)?.task ?? { taskId, status: 'unknown', raw: {} }) }, source: `${method} (no task in the result)` });
      if (method === 'tasks/cancel') void queryClient.invalidateQueries({ queryKey: [sessionId, 'tasks/list'] });
    },
    onError: (err, { method, taskId }) => put({ task: rows.get(taskId)?.task ?? { taskId, status: 'unknown', raw: {} }, source: method, error: err.message }),
  });

  const merged = new Map<string, TaskRow>();
  for (const task of list.items) merged.set(task.taskId, { task, source: 'tasks/list' });
  for (const [id, row] of rows) merged.set(id, row);

  return {
    session,
    support,
    rows: [...merged.values()],
    list,
    busy: call.isPending ? call.variables : undefined,
    get: (taskId: string) => call.mutate({ method: 'tasks/get', taskId }),
    cancel: (taskId: string) => call.mutate({ method: 'tasks/cancel', taskId }),
  };
}

export type TasksModel = ReturnType<typeof useTasksModel>;
