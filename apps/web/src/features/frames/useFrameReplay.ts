import { useMemo, useState } from 'react';
import { messageId, type FrameEvent, type JsonRpcId } from '@mcpscope/protocol';
import type { SessionInfo } from '@mcpscope/wire';
import { sendBlockedReason, isOffline } from '../../lib/capabilities';
import { editInComposer, withoutId } from '../../lib/composerPrefill';
import { frameOrigin } from '../../lib/frameOrigin';
import { useServices, useStoreSelector } from '../../lib/services';
import type { SessionLog } from '../../lib/sessionLog';
import { activeTokenReason, progressTokenOf, replayableFrame, replayReason, TRACE_REPLAY_REASON } from './frameReplay';
import { sessionLabels, sessionName } from '../../lib/sessionLabel';

/** One replay and what became of it; the frames it made are found in the log by origin. */
export interface ReplayRun {
  n: number;
  sourceSeq: number;
  method: string;
  notification: boolean;
  /** The log's last seq when it was sent: the new frames come after it. */
  afterSeq: number;
  status: 'pending' | 'ok' | 'rpc-error' | 'sent' | 'failed';
  responseId?: JsonRpcId;
  latencyMs?: number;
  error?: string;
}

/** What a frame offers: replay here, or edit into the Composer of one of `editTargets`. */
export interface FrameActions {
  replayable: boolean;
  /** Why Replay is disabled (undefined: it is enabled). */
  replayBlocked?: string;
  /** Sessions whose Composer can take the message: this one, or the live ones for a trace. */
  editTargets: readonly Pick<SessionInfo, 'id' | 'name'>[];
  editBlocked?: string;
  fromTrace: boolean;
}

/** Frames scanned backwards for a replay's new frames (a flood may come in between). */
const SCAN_LIMIT = 5000;

/**
 * The new request of `run` (the first outgoing frame after `afterSeq` whose origin is the replay
 * of `sourceSeq`, with the response's id once known) and its response.
 */
export function findReplayFrames(log: SessionLog, run: ReplayRun): { request?: FrameEvent; response?: FrameEvent } {
  const frames = log.frames;
  const reason = replayReason(run.sourceSeq);
  let request: FrameEvent | undefined;
  for (let i = frames.length - 1, n = 0; i >= frames.base && n < SCAN_LIMIT; i--, n++) {
    const frame = frames.get(i)!;
    if (frame.seq <= run.afterSeq) break;
    if (frame.dir !== 'out' || frameOrigin(frame)?.reason !== reason) continue;
    if (run.responseId !== undefined && messageId(frame.msg) !== run.responseId) continue;
    request = frame; // keep going: the earliest match after afterSeq is this run's
  }
  return { request, response: request && !run.notification ? log.responseTo(request.seq) : undefined };
}

/**
 * Presenter of "Replay" and "Edit and replay" in the Frames tab. Replay sends the frame's
 * message again, as is but for a new id, through the Composer's raw path (POST …/messages) with
 * origin `frames: replay #<seq>`; the answer is paired in the log like any other.
 */
export function useFrameReplay(sessionId: string | null, log: SessionLog | undefined, version: number) {
  const { api } = useServices();
  const sessions = useStoreSelector((s) => s.sessions);
  const session = sessions.find((s) => s.id === sessionId);
  const fromTrace = isOffline(session);
  // Named by their labels (lib/sessionLabel): eight server-everything sessions read apart.
  const liveSessions = useMemo(() => {
    const live = sessions.filter((s) => s.state === 'connected' && !isOffline(s));
    const labels = sessionLabels(live);
    return live.map((s) => ({ id: s.id, name: labels.get(s.id)!.short }));
  }, [sessions]);
  const blocked = fromTrace ? TRACE_REPLAY_REASON : sendBlockedReason(session);
  const [run, setRun] = useState<ReplayRun | null>(null);

  const found = useMemo(() => (run && log ? findReplayFrames(log, run) : {}), [run, log, version]); // the log changes in place: `version` says when

  const actionsOf = (frame: FrameEvent): FrameActions => {
    const r = replayableFrame(frame);
    if (!r.ok) return { replayable: false, replayBlocked: r.reason, editTargets: [], editBlocked: r.reason, fromTrace };
    const editTargets = fromTrace ? liveSessions : session ? [{ id: session.id, name: sessionName(session) }] : [];
    const stillActive =
      !r.value.notification &&
      progressTokenOf(r.value.message) !== undefined &&
      log?.holdsFrameSeq(frame.seq) &&
      log.responseTo(frame.seq) === undefined;
    return {
      replayable: true,
      replayBlocked:
        blocked ?? (run?.status === 'pending' ? 'A replay is in flight' : stillActive ? activeTokenReason(frame.seq) : undefined),
      editTargets,
      editBlocked:
        editTargets.length === 0 ? (fromTrace ? 'No live session to send it from: connect to a server first' : 'No session') : undefined,
      fromTrace,
    };
  };

  const replay = (frame: FrameEvent): boolean => {
    const r = replayableFrame(frame);
    if (!r.ok || !sessionId || !log || actionsOf(frame).replayBlocked !== undefined) return false;
    const { message, notification } = r.value;
    const started: ReplayRun = {
      n: (run?.n ?? 0) + 1,
      sourceSeq: frame.seq,
      method: message.method,
      notification,
      afterSeq: log.lastSeq,
      status: 'pending',
    };
    setRun(started);
    const settle = (patch: Partial<ReplayRun>) => setRun((cur) => (cur?.n === started.n ? { ...cur, ...patch } : cur));
    api.sendMessage(sessionId, { message: withoutId(message), notification }, replayReason(frame.seq)).then(
      (reply) => {
        const response = reply.response;
        const rid = response && Object.hasOwn(response, 'id') ? response.id : undefined;
        const id = typeof rid === 'string' || typeof rid === 'number' ? rid : undefined;
        settle({
          status: notification ? 'sent' : response && Object.hasOwn(response, 'error') ? 'rpc-error' : 'ok',
          responseId: id,
          latencyMs: reply.latencyMs,
        });
      },
      (err: unknown) => settle({ status: 'failed', error: err instanceof Error ? err.message : String(err) }),
    );
    return true;
  };

  const editAndReplay = (frame: FrameEvent, targetId?: string): boolean => {
    const r = replayableFrame(frame);
    const actions = actionsOf(frame);
    const target = actions.editTargets.find((t) => t.id === (targetId ?? actions.editTargets[0]?.id));
    if (!r.ok || !target) return false;
    editInComposer(target.id, r.value.message, r.value.notification, fromTrace ? `trace frame #${frame.seq}` : `frame #${frame.seq}`);
    return true;
  };

  return {
    actionsOf,
    replay,
    editAndReplay,
    /** The latest replay, with the frames it made once they arrived. */
    last: run ? { ...run, requestSeq: found.request?.seq, responseSeq: found.response?.seq } : null,
    dismiss: () => setRun(null),
  };
}

export type FrameReplayModel = ReturnType<typeof useFrameReplay>;
