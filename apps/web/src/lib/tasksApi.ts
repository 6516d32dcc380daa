import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import {
  ServerTaskListReplySchema,
  TaskCallReplySchema,
  TaskInfoSchema,
  TaskListReplySchema,
  type TaskCallBody,
  type TaskCallReply,
  type TaskInfo,
} from '@mcpscope/wire';
import type { ApiClient, OriginReason } from './api';
import { useServices, useStoreSelector } from './services';

/**
 * Client of the task routes (apps/proxy/src/routes/tasks.ts; contract in packages/wire/src/tasks.ts): task-augmented tools/call,
 * the session's tasks, and the user's actions on one task. Every function that can make a frame
 * takes the `origin` (tab: action) the proxy records. Replies are parsed with the wire schemas;
 * a task's `result` stays what the server sent.
 */
export type { TaskCallBody, TaskCallReply, TaskInfo };
export type TasksApi = ReturnType<typeof createTasksApi>;

export function createTasksApi(api: Pick<ApiClient, 'call'>) {
  const enc = encodeURIComponent;
  const tasks = (sessionId: string) => `/api/sessions/${enc(sessionId)}/tasks`;
  const task = (sessionId: string, taskId: string) => `${tasks(sessionId)}/${enc(taskId)}`;
  return {
    /** tools/call as a task; answers once the task is terminal (status and progress arrive as `task` socket messages meanwhile). */
    callTool: (sessionId: string, body: TaskCallBody, origin: OriginReason): Promise<TaskCallReply> =>
      api.call('POST', tasks(sessionId), TaskCallReplySchema, body, { origin }),
    /** What the proxy knows about the session's tasks; sends nothing. */
    list: async (sessionId: string): Promise<TaskInfo[]> => (await api.call('GET', tasks(sessionId), TaskListReplySchema)).tasks,
    /** tasks/cancel. */
    cancel: (sessionId: string, taskId: string, origin: OriginReason): Promise<TaskInfo> =>
      api.call('POST', `${task(sessionId, taskId)}/cancel`, TaskInfoSchema, {}, { origin }),
    /** One tasks/get. */
    refresh: (sessionId: string, taskId: string, origin: OriginReason): Promise<TaskInfo> =>
      api.call('POST', `${task(sessionId, taskId)}/refresh`, TaskInfoSchema, {}, { origin }),
    /** The final result: tasks/result (2025-11-25, blocks until terminal) or tasks/get (2026-07-28). */
    result: (sessionId: string, taskId: string, origin: OriginReason, timeoutMs = 60_000): Promise<TaskCallReply> =>
      api.call('POST', `${task(sessionId, taskId)}/result`, TaskCallReplySchema, { timeoutMs }, { origin }),
    /** tasks/list, one page (2025-11-25, when the server declares tasks.list). */
    listFromServer: (sessionId: string, cursor: string | undefined, origin: OriginReason) =>
      api.call('POST', `${tasks(sessionId)}/list`, ServerTaskListReplySchema, cursor === undefined ? {} : { cursor }, { origin }),
  };
}

const NO_TASKS: readonly TaskInfo[] = [];

/** The task client over the app's API client (one per ApiClient). */
export function useTasksApi(): TasksApi {
  const { api } = useServices();
  return useMemo(() => createTasksApi(api), [api]);
}

/**
 * The session's tasks, live: GET …/tasks once (tasks are not in the /ws backlog), again after
 * the socket reconnects, merged with `task` socket messages in the store. Sends nothing upstream.
 */
export function useSessionTasks(sessionId: string | null): { tasks: readonly TaskInfo[]; error: Error | null } {
  const { store } = useServices();
  const tasksApi = useTasksApi();
  const ready = useStoreSelector((s) => s.ready);
  // Only a live session has tasks to read (an opened trace or a closed session answers 409).
  const live = useStoreSelector((s) => {
    const session = s.sessions.find((x) => x.id === sessionId);
    return session !== undefined && !session.offline && (session.state === 'connected' || session.state === 'connecting');
  });
  const query = useQuery({
    queryKey: [sessionId, 'mcpscope:tasks'],
    queryFn: async () => {
      const list = await tasksApi.list(sessionId!);
      store.mergeTasks(sessionId!, list);
      return list.length;
    },
    enabled: sessionId !== null && live,
    staleTime: Infinity,
  });
  const { refetch } = query;
  const wasReady = useRef(ready);
  useEffect(() => {
    // After a reconnect: task messages sent while the socket was down are lost.
    if (ready && !wasReady.current && sessionId !== null && live) void refetch();
    wasReady.current = ready;
  }, [ready, sessionId, live, refetch]);
  const get = () => store.session(sessionId)?.tasks.list() ?? NO_TASKS;
  const tasks = useSyncExternalStore(store.subscribe, get, get);
  return { tasks, error: query.error };
}

/** The task a call created (by its callId), live; undefined until the server answered with one. */
export function useTaskOfCall(sessionId: string | null, callId: string | undefined): TaskInfo | undefined {
  const { store } = useServices();
  const get = () => store.session(sessionId)?.tasks.byCall(callId);
  return useSyncExternalStore(store.subscribe, get, get);
}
