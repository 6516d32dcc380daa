import {
  compareDetailed,
  exchangesOf,
  MockIndex,
  type CompareOptions,
  type Difference,
  type Exchange,
  type IgnoredDifference,
} from '@mcpscope/trace';
import { requestLabel, requestTarget, type SessionEvent } from '@mcpscope/protocol';
import type { Engine } from '../session/engine.js';
import { user } from '../origin/origin.js';
import type { Session } from '../session/session.js';
import type { EngineMessage, OpenOptions, SessionConfig } from '../session/types.js';

export interface ReplayStep {
  method: string;
  params: unknown;
  outcome: 'match' | 'differ' | 'failed';
  differences: Difference[];
  /** Differences left out as expected (a timestamp in text, a new task id, a marked path…), with why. */
  ignored: IgnoredDifference[];
  recordedLatencyMs?: number;
  liveLatencyMs?: number;
  /** Why the step failed (timeout, connection lost). */
  error?: string;
}

export interface ReplayReport {
  steps: ReplayStep[];
  passed: boolean;
  sessionId: string;
}

export interface ReplayOptions extends CompareOptions {
  timeoutMs?: number;
  open?: OpenOptions;
  onStep?(step: ReplayStep, index: number, total: number): void;
}

const SKIP = new Set(['initialize', 'server/discover', 'notifications/initialized']);

function withoutMeta(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params;
  const { _meta: _ignored, ...rest } = params as Record<string, unknown>;
  return rest;
}

function body(msg: Record<string, unknown> | undefined): unknown {
  if (!msg) return { noResponse: true };
  return 'error' in msg ? { error: msg.error } : { result: msg.result };
}

/** What a replay sends is the user's: they ran it on this trace. */
const REPLAY = user('replay');
const REPLAY_ANSWER = user('replay: recorded answer');

/** Answers the server's own requests (sampling, elicitation, roots) with what the trace recorded. */
function answerFromTrace(engine: Engine, session: Session, recorded: Exchange[]): () => void {
  const index = new MockIndex();
  for (const x of recorded) {
    const msg = x.response?.msg;
    if (x.dir === 'in' && msg)
      index.add(x.method, withoutMeta(x.params), 'error' in msg ? { error: msg.error as never } : { result: msg.result });
  }
  return engine.subscribe((m: EngineMessage) => {
    if (m.type !== 'server-request' || m.request.sessionId !== session.id) return;
    const hit = index.lookup(m.request.method, withoutMeta(m.request.params));
    if (hit.found)
      session.answer(
        m.request.requestId,
        'error' in hit.answer ? { error: hit.answer.error } : { result: hit.answer.result as Record<string, unknown> },
        REPLAY_ANSWER,
      );
    else
      session.answer(
        m.request.requestId,
        { error: { code: -32603, message: `mcpscope replay: the trace has no answer for ${m.request.method}` } },
        REPLAY_ANSWER,
      );
  });
}

/**
 * `mcpscope replay`: sends a trace's client requests to a live server in order, answers the
 * server's requests from the trace, and compares every response with the recorded one.
 */
export async function replayTrace(
  engine: Engine,
  events: SessionEvent[],
  config: SessionConfig,
  opts: ReplayOptions = {},
): Promise<ReplayReport> {
  const session = await engine.open(config, opts.open);
  const recorded = exchangesOf(events);
  const stop = answerFromTrace(engine, session, recorded);
  const steps: ReplayStep[] = [];
  try {
    // App-channel frames (mcpscope ⇄ an MCP App view) were never sent to the server: not replayed.
    const clientMessages = events.filter(
      (e) =>
        e.type === 'frame' &&
        e.dir === 'out' &&
        e.channel !== 'app' &&
        e.msg &&
        typeof e.msg.method === 'string' &&
        !SKIP.has(e.msg.method as string),
    );
    // Only requests that were answered: a long-lived one (subscriptions/listen) has no answer to compare.
    const requests = new Map(recorded.filter((x) => x.dir === 'out' && x.response).map((x) => [x.request.seq, x]));
    const total = clientMessages.filter((e) => requests.has(e.seq)).length;
    for (const e of clientMessages) {
      if (e.type !== 'frame' || !e.msg) continue;
      const params = withoutMeta(e.msg.params);
      const x = requests.get(e.seq);
      if (!x && recorded.some((r) => r.request.seq === e.seq)) continue;
      if (!x) {
        await session.send({ method: e.msg.method as string, params }, { notification: true, origin: REPLAY }).catch(() => undefined);
        continue;
      }
      const step: ReplayStep = { method: x.method, params, outcome: 'match', differences: [], ignored: [], recordedLatencyMs: x.latencyMs };
      try {
        const reply = await session.send({ method: x.method, params }, { timeoutMs: opts.timeoutMs ?? 30_000, origin: REPLAY });
        step.liveLatencyMs = reply.latencyMs;
        const { differences, ignored } = compareDetailed(body(x.response?.msg), body(reply.response), {
          ...opts,
          scope: requestLabel(x.method, requestTarget(x.method, params)),
        });
        step.differences = differences;
        step.ignored = ignored;
        if (step.differences.length > 0) step.outcome = 'differ';
      } catch (err) {
        step.outcome = 'failed';
        step.error = (err as Error).message;
      }
      steps.push(step);
      opts.onStep?.(step, steps.length - 1, total);
    }
  } finally {
    stop();
    await engine.close(session.id);
  }
  return { steps, passed: steps.every((s) => s.outcome === 'match'), sessionId: session.id };
}
