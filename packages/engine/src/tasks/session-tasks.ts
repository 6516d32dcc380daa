import { randomUUID } from 'node:crypto';
import { idKey, isCapabilityDeclared, type FrameOrigin, type JsonRpcMessage } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import { auto } from '../origin/origin.js';
import type { EngineMessage, RequestOptions, RequestOutcome } from '../session/types.js';
import { TaskBook } from './task-book.js';
import { TaskCall } from './task-call.js';
import { createdTask, parseTask } from './task-shape.js';
import { ToolCatalogue } from './tool-catalogue.js';
import type { TaskCallOptions, TaskCallOutcome, TaskGeneration } from './types.js';
import { TaskControls } from './task-controls.js';

export interface SessionTasksDeps {
  sessionId: string;
  era(): 'legacy' | 'modern' | undefined;
  serverCapabilities(): Record<string, unknown> | undefined;
  /** Session.request's runner; `progress: false` for the engine's own requests. */
  run(method: string, params: Record<string, unknown>, opts: RequestOptions, progress: boolean): Promise<RequestOutcome>;
  /** Cancels a running runner call (notifications/cancelled). */
  cancelCall(callId: string, origin?: FrameOrigin): boolean;
  ask(
    request: { requestId: string; method: string; params: Record<string, unknown>; inputKey?: string; taskId: string; callId?: string },
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>>;
  emit(message: EngineMessage): void;
  closed(): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The tasks of one session: task-augmented tools/call through the engine (both generations), the
 * drivers of running tasks, status and progress notifications, and the user's task commands.
 */
export class SessionTasks {
  readonly book: TaskBook;
  readonly tools = new ToolCatalogue();
  readonly controls: TaskControls;
  private readonly byCall = new Map<string, TaskCall>();
  private readonly byTask = new Map<string, TaskCall>();
  /** callIds whose tools/call has not answered yet. */
  private readonly starting = new Set<string>();
  /** idKey(progressToken) → callId, for the life of the task (2025-11-25/basic/utilities/tasks#task-progress-notifications). */
  private readonly progressTokens = new Map<string, string>();
  private readonly answers = new Map<string, FrameOrigin>();

  constructor(private readonly deps: SessionTasksDeps) {
    this.book = new TaskBook(deps.sessionId, (m) => deps.emit(m));
    this.controls = new TaskControls({
      ...deps,
      book: this.book,
      generation: () => this.generation(),
      running: (id) => this.byTask.get(id),
    });
  }

  generation(): TaskGeneration {
    return this.deps.era() === 'modern' ? 'v2' : 'v1';
  }

  /**
   * A task-augmented tools/call, driven to its end. v1 needs the server's
   * `tasks.requests.tools.call` and a tool that allows tasks ("clients MUST NOT attempt to use task
   * augmentation" otherwise, 2025-11-25/basic/utilities/tasks#tool-level-negotiation); v2 needs the
   * server's extension. Refused before anything is sent.
   */
  async call(params: Record<string, unknown>, opts: TaskCallOptions = {}): Promise<TaskCallOutcome> {
    const generation = this.generation();
    const tool = typeof params.name === 'string' ? params.name : undefined;
    this.assertSupported(generation, tool);
    const callId = opts.callId ?? randomUUID();
    const meta = isObject(params._meta) ? params._meta : {};
    const token =
      typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number' ? meta.progressToken : `mcpscope-task:${callId}`;
    const task = generation === 'v1' ? { task: opts.ttlMs === undefined ? {} : { ttl: opts.ttlMs } } : {};
    const sent = { ...params, ...task, _meta: { ...meta, progressToken: token } };
    const started = performance.now();
    this.progressTokens.set(idKey(token), callId);
    this.starting.add(callId);
    try {
      const { ttlMs: _ttl, ...runOpts } = opts;
      const out = await this.deps.run('tools/call', sent, { ...runOpts, callId }, false);
      this.starting.delete(callId);
      return await this.follow(out, generation, tool, opts, started);
    } finally {
      this.starting.delete(callId);
      this.progressTokens.delete(idKey(token));
    }
  }

  /** A tools/call answer: a task is followed to its end; anything else is the outcome as it is. */
  async follow(
    out: RequestOutcome,
    generation: TaskGeneration,
    tool: string | undefined,
    opts: RequestOptions,
    started: number,
  ): Promise<TaskCallOutcome> {
    if (out.outcome !== 'result') return out;
    const first = createdTask(out.result, generation);
    if (!first) return out;
    const { callId } = out;
    const call = new TaskCall(this.driverDeps(), callId, generation, first.taskId, opts.timeoutMs ?? 60_000);
    this.book.update(generation, first, { callId, source: 'call', polling: true, ...(tool ? { tool } : {}) });
    this.byCall.set(callId, call);
    this.byTask.set(first.taskId, call);
    const left = opts.maxTotalTimeoutMs === undefined ? undefined : Math.max(0, opts.maxTotalTimeoutMs - (performance.now() - started));
    const timer =
      left === undefined
        ? undefined
        : setTimeout(() => {
            call.expired = true;
            void call.cancel(auto('cancel: maxTotalTimeoutMs')).catch(() => undefined);
            call.halt();
          }, left);
    const onAbort = (): void => void call.cancel(opts.origin ?? auto('cancel')).catch(() => undefined);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await call.drive(first, started);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      this.byCall.delete(callId);
      if (this.byTask.get(first.taskId) === call) this.byTask.delete(first.taskId);
    }
  }

  /**
   * DELETE …/requests/:callId of a task call: before the task exists the tools/call is cancelled
   * (notifications/cancelled); after, the task (tasks/cancel). False: no such call here.
   */
  cancelCall(callId: string, origin: FrameOrigin): boolean {
    const call = this.byCall.get(callId);
    if (call) {
      void call.cancel(origin).catch(() => undefined);
      return true;
    }
    return this.starting.has(callId) ? this.deps.cancelCall(callId, origin) : false;
  }

  /** Who answered a queued task input request (Session.answer). */
  answered(requestId: string, origin: FrameOrigin | undefined): void {
    if (origin && requestId.startsWith('task:')) this.answers.set(requestId, origin);
  }

  inbound(msg: JsonRpcMessage): void {
    this.tools.inbound(msg);
    if (msg.method === 'notifications/progress') this.progress(msg.params);
    // v1 notifications/tasks/status; v2 notifications/tasks (ext-tasks TaskStatusNotificationV2).
    else if (msg.method === 'notifications/tasks/status' || msg.method === 'notifications/tasks') this.status(msg.params);
  }

  outbound(msg: JsonRpcMessage): void {
    this.tools.outbound(msg);
  }

  /** The session closed: every driver stops. */
  closeAll(): void {
    for (const call of this.byCall.values()) call.halt();
  }

  private assertSupported(generation: TaskGeneration, tool: string | undefined): void {
    const caps = this.deps.serverCapabilities();
    if (generation === 'v2') {
      if (!isCapabilityDeclared(caps, 'tasks', 'modern'))
        throw new EngineError('ENGINE_TASKS_UNSUPPORTED', 'the server does not declare the io.modelcontextprotocol/tasks extension');
      return;
    }
    if (!isCapabilityDeclared(caps, 'tasks.requests.tools.call'))
      throw new EngineError(
        'ENGINE_TASKS_UNSUPPORTED',
        'the server does not declare tasks.requests.tools.call: it takes no task-augmented tools/call (2025-11-25/basic/utilities/tasks#tool-level-negotiation)',
      );
    const support = tool === undefined ? undefined : this.tools.of(tool);
    if (support === 'forbidden')
      throw new EngineError(
        'ENGINE_TASKS_UNSUPPORTED',
        `tool ${JSON.stringify(tool)} does not support tasks (execution.taskSupport is "forbidden" or absent): call it without a task`,
      );
  }

  private driverDeps() {
    return {
      book: this.book,
      rpc: (method: string, params: Record<string, unknown>, origin: FrameOrigin, timeoutMs: number, signal?: AbortSignal) =>
        this.deps.run(method, params, { origin, timeoutMs, ...(signal ? { signal } : {}) }, false),
      ask: (request: Parameters<SessionTasksDeps['ask']>[0], signal: AbortSignal) => this.deps.ask(request, signal),
      answeredBy: (requestId: string) => {
        const origin = this.answers.get(requestId);
        this.answers.delete(requestId);
        return origin;
      },
      closed: () => this.deps.closed(),
    };
  }

  private progress(params: unknown): void {
    if (!isObject(params) || typeof params.progress !== 'number') return;
    const token = params.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') return;
    const callId = this.progressTokens.get(idKey(token));
    if (callId === undefined) return;
    const progress = {
      progress: params.progress,
      ...(typeof params.total === 'number' ? { total: params.total } : {}),
      ...(typeof params.message === 'string' ? { message: params.message.slice(0, 4096) } : {}),
    };
    this.deps.emit({ type: 'request-progress', sessionId: this.deps.sessionId, callId, ...progress });
    const call = this.byCall.get(callId);
    if (call) this.book.patch(call.taskId, { progress });
  }

  private status(params: unknown): void {
    const generation = this.generation();
    const snapshot = parseTask(params, generation);
    if (!snapshot) return;
    const known = this.book.get(snapshot.taskId);
    const call = this.byTask.get(snapshot.taskId);
    // Tasks this client did not make or list are not ours to track: only known ones are updated.
    if (!known && !call) return;
    this.book.update(generation, snapshot);
    call?.notify(snapshot);
  }
}
