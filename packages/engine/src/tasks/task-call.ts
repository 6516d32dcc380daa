import { isTerminalTaskStatus, type FrameOrigin } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import { answerReason, auto, user } from '../origin/origin.js';
import type { RpcError } from '../errors/sdk-errors.js';
import type { RequestOutcome } from '../session/types.js';
import type { TaskBook } from './task-book.js';
import { parseTask, pollDelay, type InputRequest, type TaskSnapshot } from './task-shape.js';
import type { TaskCallOutcome, TaskGeneration, TaskInfo } from './types.js';

/** Polls: "Requestors SHOULD continue polling until the task reaches a terminal status" (2025-11-25/basic/utilities/tasks#getting-tasks). */
export const POLL: FrameOrigin = auto('task: poll');
/** v1 result retrieval, on a terminal status or `input_required` ("The requestor should call tasks/result to receive input requests"). */
export const RESULT: FrameOrigin = auto('task: result');
/** tasks/result blocks until the task is terminal: it gets this long, not the per-request timeout. */
const RESULT_TIMEOUT_MS = 3_600_000;

export interface TaskCallDeps {
  book: TaskBook;
  /** A request the engine sends for the task; JSON-RPC errors are outcomes. */
  rpc(
    method: string,
    params: Record<string, unknown>,
    origin: FrameOrigin,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<RequestOutcome>;
  /** Puts a v2 input request on the server-request queue and waits for its answer. */
  ask(
    request: { requestId: string; method: string; params: Record<string, unknown>; inputKey: string; taskId: string; callId: string },
    signal: AbortSignal,
  ): Promise<Record<string, unknown>>;
  /** Who answered queue request `requestId`. */
  answeredBy(requestId: string): FrameOrigin | undefined;
  closed(): boolean;
}

/** How a task call ends, before its callId and latency are added. */
type Ending =
  | { outcome: 'result'; result: Record<string, unknown> }
  | { outcome: 'error'; error: RpcError; source: 'server' | 'input' }
  | { outcome: 'cancelled' };

/** Resolves `wait()` early on `wake()`: a status notification, a cancel, the session closing. */
class Waker {
  private wakeUp?: () => void;
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done(): void {
        clearTimeout(timer);
        if (self.wakeUp === done) self.wakeUp = undefined;
        resolve();
      }
      this.wakeUp = done;
    });
  }
  wake(): void {
    this.wakeUp?.();
  }
}

/**
 * Drives one task that a tools/call created, from its first snapshot to a terminal state: polls
 * tasks/get at the server's pollInterval, retrieves the result (v1 tasks/result; v2 inline),
 * answers v2 input through the server-request queue and tasks/update, and cancels on request.
 */
export class TaskCall {
  private readonly waker = new Waker();
  /** Aborted to stop waiting: cancel, expiry, close. */
  private readonly stop = new AbortController();
  private latest?: TaskSnapshot;
  private readonly answered = new Set<string>();
  private inputCounter = 0;
  /** The user's tasks/cancel, while in flight: a tasks/result error that overtakes it is that cancel's doing. */
  private cancelling?: Promise<unknown>;
  /** A notification woke the wait: it told what a poll would have, so that poll is skipped. */
  private pushed = false;
  expired = false;

  constructor(
    private readonly deps: TaskCallDeps,
    readonly callId: string,
    readonly generation: TaskGeneration,
    readonly taskId: string,
    private readonly timeoutMs: number,
  ) {}

  /** A status the server pushed (notifications/tasks/status, v2 notifications/tasks). */
  notify(snapshot: TaskSnapshot): void {
    this.latest = snapshot;
    if (isTerminalTaskStatus(snapshot.status) || snapshot.status === 'input_required') {
      this.pushed = true;
      this.waker.wake();
    }
  }

  /** Stops driving (session closed, maxTotalTimeoutMs): the next step ends the call. */
  halt(): void {
    this.stop.abort();
    this.waker.wake();
  }

  async drive(first: TaskSnapshot, started: number): Promise<TaskCallOutcome> {
    this.latest = first;
    let ending: Ending;
    try {
      ending = await this.loop();
    } finally {
      this.deps.book.patch(this.taskId, { polling: false });
    }
    return { ...ending, callId: this.callId, latencyMs: Math.round(performance.now() - started), task: this.info() } as TaskCallOutcome;
  }

  /** tasks/cancel as `origin`; the running drive() then ends `cancelled`. */
  async cancel(origin: FrameOrigin): Promise<TaskInfo> {
    const sent = this.deps.rpc('tasks/cancel', { taskId: this.taskId }, origin, this.timeoutMs);
    this.cancelling = sent.catch(() => undefined);
    const out = await sent;
    if (out.outcome === 'error')
      throw new EngineError('ENGINE_RPC_ERROR', `tasks/cancel failed with JSON-RPC error ${out.error.code}: ${out.error.message}`, {
        data: { rpcError: out.error },
      });
    // v1 answers with the Task (cancelled); v2 with an empty result, and the next poll shows it.
    const task = out.outcome === 'result' ? parseTask(out.result, this.generation) : undefined;
    if (task && task.taskId === this.taskId) this.record(task);
    this.stop.abort();
    this.waker.wake();
    return this.info();
  }

  private info(): TaskInfo {
    return this.deps.book.get(this.taskId)!;
  }

  private status(): TaskSnapshot['status'] {
    return this.deps.book.get(this.taskId)?.status ?? this.latest!.status;
  }

  private record(snapshot: TaskSnapshot, extra: Partial<TaskInfo> = {}): void {
    this.latest = snapshot;
    this.deps.book.update(this.generation, snapshot, extra);
  }

  private check(): void {
    if (this.deps.closed()) throw new EngineError('ENGINE_CLOSED', `the session closed while task ${this.taskId} was running`);
    if (this.expired) throw new EngineError('ENGINE_TIMEOUT', `task ${this.taskId} did not finish within maxTotalTimeoutMs`);
  }

  private async loop(): Promise<Ending> {
    for (;;) {
      this.check();
      const status = this.status();
      if (status === 'cancelled') return { outcome: 'cancelled' };
      if (this.generation === 'v1' && (isTerminalTaskStatus(status) || status === 'input_required')) return this.resultV1();
      if (this.generation === 'v2' && isTerminalTaskStatus(status)) return this.resultV2();
      if (this.generation === 'v2' && status === 'input_required' && !this.stop.signal.aborted) {
        const failed = await this.answerInput(this.latest?.inputRequests ?? []);
        if (failed) return failed;
      }
      await this.waker.wait(pollDelay(this.info().pollIntervalMs));
      this.check();
      if (this.pushed) this.pushed = false;
      else if (!isTerminalTaskStatus(this.status())) await this.poll();
    }
  }

  private async poll(): Promise<void> {
    const polls = this.info().polls + 1;
    const out = await this.deps.rpc('tasks/get', { taskId: this.taskId }, POLL, this.timeoutMs);
    if (out.outcome !== 'result') this.deps.book.patch(this.taskId, { polls });
    if (out.outcome === 'cancelled') return;
    if (out.outcome === 'error') throw this.failed('tasks/get', out.error);
    const task = parseTask(out.result, this.generation);
    // A misrouted or malformed answer must not settle this task with another's state.
    if (!task || task.taskId !== this.taskId)
      throw new EngineError('ENGINE_REQUEST_FAILED', `tasks/get for ${this.taskId} answered with no task of that id`);
    this.record(task, { polls });
  }

  /** The result as the task's request would have returned it (2025-11-25/basic/utilities/tasks#retrieving-task-results). */
  private async resultV1(): Promise<Ending> {
    if (this.status() === 'cancelled') return { outcome: 'cancelled' };
    const controller = new AbortController();
    const abort = (): void => controller.abort();
    this.stop.signal.addEventListener('abort', abort, { once: true });
    try {
      const out = await this.deps.rpc('tasks/result', { taskId: this.taskId }, RESULT, RESULT_TIMEOUT_MS, controller.signal);
      if (out.outcome === 'cancelled') {
        this.check();
        return { outcome: 'cancelled' };
      }
      // A server may answer the held tasks/result (with the cancelled task's error) before it answers
      // tasks/cancel, or in the same read: once cancelled, the task stays so (#task-cancellation).
      await this.cancelling;
      if (this.status() === 'cancelled') return { outcome: 'cancelled' };
      // tasks/result answers once the task is terminal; a status nobody reported yet follows from it.
      const failed = out.outcome === 'error' || out.result.isError === true;
      const status = isTerminalTaskStatus(this.status()) ? this.status() : failed ? 'failed' : 'completed';
      this.deps.book.patch(this.taskId, { status, ...(out.outcome === 'error' ? { error: out.error } : { result: out.result }) });
      return out.outcome === 'error' ? { outcome: 'error', error: out.error, source: 'server' } : { outcome: 'result', result: out.result };
    } finally {
      this.stop.signal.removeEventListener('abort', abort);
    }
  }

  private resultV2(): Ending {
    const t = this.latest;
    if (this.status() === 'failed')
      return {
        outcome: 'error',
        error: this.info().error ?? t?.error ?? { code: -32603, message: t?.statusMessage ?? 'the task failed' },
        source: 'server',
      };
    if (this.status() === 'completed') return { outcome: 'result', result: this.info().result ?? t?.result ?? {} };
    return { outcome: 'cancelled' };
  }

  /**
   * v2 `input_required`: each request not answered yet goes on the server-request queue; the
   * answers go back in one tasks/update, as whoever answered (ext-tasks V2 requester flow).
   * An answer that is an error cannot travel in tasks/update: the call ends with it (`input`).
   */
  private async answerInput(requests: InputRequest[]): Promise<Ending | undefined> {
    const fresh = requests.filter((r) => !this.answered.has(r.key));
    if (fresh.length === 0) return undefined;
    for (const r of fresh) this.answered.add(r.key);
    const asked = fresh.map((r) => ({ ...r, requestId: `task:${this.taskId}:${++this.inputCounter}:${r.key}` }));
    let answers: Array<[string, Record<string, unknown>]>;
    try {
      answers = await Promise.all(
        asked.map(
          async (r) =>
            [
              r.key,
              await this.deps.ask(
                { requestId: r.requestId, method: r.method, params: r.params, inputKey: r.key, taskId: this.taskId, callId: this.callId },
                this.stop.signal,
              ),
            ] as [string, Record<string, unknown>],
        ),
      );
    } catch (err) {
      this.check();
      if (this.stop.signal.aborted) return undefined;
      const e = err as Partial<RpcError>;
      return {
        outcome: 'error',
        error: { code: typeof e.code === 'number' ? e.code : -32603, message: String(e.message ?? err) },
        source: 'input',
      };
    }
    const last = asked.at(-1)!;
    const origin = this.deps.answeredBy(last.requestId) ?? user(answerReason(last.method));
    const out = await this.deps.rpc(
      'tasks/update',
      { taskId: this.taskId, inputResponses: Object.fromEntries(answers) },
      origin,
      this.timeoutMs,
    );
    if (out.outcome === 'error') throw this.failed('tasks/update', out.error);
    return undefined;
  }

  private failed(method: string, error: RpcError): EngineError {
    this.deps.book.patch(this.taskId, { error });
    return new EngineError(
      'ENGINE_RPC_ERROR',
      `${method} for task ${this.taskId} failed with JSON-RPC error ${error.code}: ${error.message}`,
      { data: { rpcError: error } },
    );
  }
}
