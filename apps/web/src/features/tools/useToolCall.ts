import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RequestProgress } from '../../lib/requestProgress';
import { useServices } from '../../lib/services';
import { useTaskOfCall, useTasksApi, type TaskInfo } from '../../lib/tasksApi';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { settleFailure, settleReply, summarize, type CallSettled } from './callOutcome';
import { recordCall } from './toolHistory';

export interface RunningCall {
  callId: string;
  sessionId: string;
  tool: string;
  argsText: string;
  startedAt: number;
  timeoutMs: number;
  /** Sent as a task (POST …/tasks): the timeout applies to each request (tools/call, each tasks/get), not to the whole task. */
  asTask: boolean;
}

export interface FinishedCall {
  callId: string;
  tool: string;
  argsText: string;
  settled: CallSettled;
  at: number;
  asTask?: boolean;
  /** The task the call ran as (asked for, or the server's choice on 2026-07-28), as it ended. */
  task?: TaskInfo;
}

export interface CallOptions {
  /** tools/call with `params.task` (2025-11-25) through POST …/tasks. */
  asTask?: boolean;
}

const newCallId = () => globalThis.crypto?.randomUUID?.() ?? `call-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * One tools/call at a time: send (POST …/requests with a client-chosen callId), progress from
 * `request-progress` messages, elapsed time, a timeout the proxy restarts on each progress
 * notification (spec basic/utilities/progress), and cancel (DELETE …/requests/:callId).
 * As a task (POST …/tasks, wire: tasks.ts) the reply waits for the task's end; its status, status
 * message and progress come as `task` socket messages with the same callId, and cancel becomes
 * tasks/cancel once the task exists. On 2026-07-28 a plain call may turn into a task too.
 */
export function useToolCall(sessionId: string | null, now: () => number = Date.now) {
  const wb = useWorkbenchApi();
  const tasksApi = useTasksApi();
  const { store } = useServices();
  const [running, setRunning] = useState<RunningCall | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [last, setLast] = useState<FinishedCall | null>(null);
  const [tick, setTick] = useState(0);
  const runningRef = useRef<RunningCall | null>(null);
  runningRef.current = running;

  const requestProgress = useSyncExternalStore<RequestProgress | undefined>(
    store.subscribe,
    () => (running ? store.session(running.sessionId)?.progress.get(running.callId) : undefined),
    () => undefined,
  );
  const task = useTaskOfCall(running?.sessionId ?? null, running?.callId);
  const progress = requestProgress ?? taskProgress(task);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((t) => t + 1), 100);
    return () => clearInterval(timer);
  }, [running]);

  const call = useCallback(
    (tool: string, argsText: string, args: unknown, timeoutMs: number, options: CallOptions = {}): boolean => {
      if (!sessionId || runningRef.current) return false;
      const asTask = options.asTask === true;
      const started: RunningCall = { callId: newCallId(), sessionId, tool, argsText, startedAt: now(), timeoutMs, asTask };
      runningRef.current = started;
      setRunning(started);
      setCancelling(false);
      const params: { name: string; arguments?: unknown } = { name: tool };
      if (args !== undefined) params.arguments = args;
      const finish = (settled: CallSettled, finalTask?: TaskInfo) => {
        const at = now();
        recordCall(store, {
          id: started.callId,
          sessionId,
          tool,
          argsText,
          outcome: settled.outcome,
          summary: summarize(settled),
          latencyMs: settled.latencyMs,
          at,
        });
        store.forgetProgress(sessionId, started.callId);
        if (runningRef.current?.callId === started.callId) {
          runningRef.current = null;
          setRunning(null);
          setCancelling(false);
          setLast({
            callId: started.callId,
            tool,
            argsText,
            settled,
            at,
            asTask,
            task: finalTask ?? store.session(sessionId)?.tasks.byCall(started.callId),
          });
        }
      };
      const failed = (err: unknown) => finish(settleFailure(err, now() - started.startedAt));
      if (asTask) {
        const body = { params, callId: started.callId, timeoutMs, resetTimeoutOnProgress: true };
        tasksApi.callTool(sessionId, body, 'tools: call as task').then((reply) => {
          if (reply.task) store.reportTask(reply.task);
          finish(settleReply(reply), reply.task);
        }, failed);
      } else {
        wb.request(
          sessionId,
          { method: 'tools/call', params, callId: started.callId, timeoutMs, resetTimeoutOnProgress: true },
          'tools: call',
        ).then((reply) => finish(settleReply(reply)), failed);
      }
      return true;
    },
    [sessionId, wb, tasksApi, store, now],
  );

  const cancel = useCallback(() => {
    const r = runningRef.current;
    if (!r) return;
    setCancelling(true);
    // 404 means it finished meanwhile: the reply is on its way. Once a task exists the proxy sends tasks/cancel.
    wb.cancel(r.sessionId, r.callId, 'tools: cancel').catch(() => undefined);
  }, [wb]);

  const elapsedMs = running ? Math.max(0, now() - running.startedAt) : 0;
  const sinceActivity = running ? now() - (progress?.at ?? running.startedAt) : 0;
  void tick;
  return {
    running,
    cancelling,
    progress,
    /** The running call's task, live (status, status message, polls), once the server created it. */
    task,
    elapsedMs,
    /** Time left before the proxy gives up, restarted by each progress notification. */
    timeoutLeftMs: running ? Math.max(0, running.timeoutMs - sinceActivity) : 0,
    last,
    call,
    cancel,
    clearLast: () => setLast(null),
  };
}

export type ToolCallModel = ReturnType<typeof useToolCall>;

function taskProgress(task: TaskInfo | undefined): RequestProgress | undefined {
  if (!task?.progress) return undefined;
  return { ...task.progress, count: 1, at: task.updatedAt };
}
