import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RequestProgress } from '../../lib/requestProgress';
import { useServices } from '../../lib/services';
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
}

export interface FinishedCall {
  callId: string;
  tool: string;
  argsText: string;
  settled: CallSettled;
  at: number;
}

const newCallId = () => (globalThis.crypto?.randomUUID?.() ?? `call-${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * One tools/call at a time: send (POST …/requests with a client-chosen callId), progress from
 * `request-progress` messages, elapsed time, a timeout the proxy restarts on each progress
 * notification (spec basic/utilities/progress), and cancel (DELETE …/requests/:callId).
 */
export function useToolCall(sessionId: string | null, now: () => number = Date.now) {
  const wb = useWorkbenchApi();
  const { store } = useServices();
  const [running, setRunning] = useState<RunningCall | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [last, setLast] = useState<FinishedCall | null>(null);
  const [tick, setTick] = useState(0);
  const runningRef = useRef<RunningCall | null>(null);
  runningRef.current = running;

  const progress = useSyncExternalStore<RequestProgress | undefined>(
    store.progress.subscribe,
    () => (running ? store.progress.get(running.callId) : undefined),
    () => undefined,
  );

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((t) => t + 1), 100);
    return () => clearInterval(timer);
  }, [running]);

  const call = useCallback(
    (tool: string, argsText: string, args: unknown, timeoutMs: number): boolean => {
      if (!sessionId || runningRef.current) return false;
      const started: RunningCall = { callId: newCallId(), sessionId, tool, argsText, startedAt: now(), timeoutMs };
      runningRef.current = started;
      setRunning(started);
      setCancelling(false);
      const params: Record<string, unknown> = { name: tool };
      if (args !== undefined) params.arguments = args;
      const finish = (settled: CallSettled) => {
        const at = now();
        recordCall({ id: started.callId, sessionId, tool, argsText, outcome: settled.outcome, summary: summarize(settled), latencyMs: settled.latencyMs, at });
        store.progress.forget(started.callId);
        if (runningRef.current?.callId === started.callId) {
          runningRef.current = null;
          setRunning(null);
          setCancelling(false);
          setLast({ callId: started.callId, tool, argsText, settled, at });
        }
      };
      wb.request(sessionId, { method: 'tools/call', params, callId: started.callId, timeoutMs, resetTimeoutOnProgress: true }, 'tools: call').then(
        (reply) => finish(settleReply(reply)),
        (err: unknown) => finish(settleFailure(err, now() - started.startedAt)),
      );
      return true;
    },
    [sessionId, wb, store, now],
  );

  const cancel = useCallback(() => {
    const r = runningRef.current;
    if (!r) return;
    setCancelling(true);
    // 404 means it finished meanwhile: the reply is on its way.
    wb.cancel(r.sessionId, r.callId, 'tools: cancel').catch(() => undefined);
  }, [wb]);

  const elapsedMs = running ? Math.max(0, now() - running.startedAt) : 0;
  const sinceActivity = running ? now() - (progress?.at ?? running.startedAt) : 0;
  void tick;
  return {
    running,
    cancelling,
    progress,
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
