import type { Client } from '@modelcontextprotocol/client';
import {
  idKey,
  isTerminalTaskStatus,
  type AppChannel,
  type Direction,
  type FrameEvent,
  type FrameOrigin,
  type JsonRpcId,
  type SessionEvent,
} from '@mcpscope/protocol';
import { createClient } from './client-factory.js';
import { OAuthRunner } from '../oauth/runner.js';
import { connectTransport, describeConnectError, renewHttpSession, type ConnectContext, type Connected } from './connect.js';
import { SessionRecovery } from './session-recovery.js';
import { describeConnection } from './connection-info.js';
import { logLevelMeta, type EnvelopeContext } from './envelope.js';
import { EngineError } from '../errors/errors.js';
import { explainTimeout } from '../errors/timeout-explained.js';
import { Linter } from '@mcpscope/protocol/lint';
import { EventLog } from '../events/event-log.js';
import type { WindowOptions } from '../events/event-window.js';
import type { FrameSearchQuery, FrameSearchResult } from '../traces/frame-reader.js';
import { sharedSchemaValidator } from '../requests/schema-validator.js';
import { RawRequests } from '../requests/raw-requests.js';
import { OriginBook } from '../origin/origin-book.js';
import { ambientOrigin, auto, originScope, user, withOrigin } from '../origin/origin.js';
import { RequestRunner } from '../requests/request-runner.js';
import { engineErrorFromSdk } from '../errors/sdk-errors.js';
import { registerServerRequestHandlers, type ServerRequestName } from '../server-requests/server-request-handlers.js';
import { RequestIntake } from '../server-requests/request-intake.js';
import { Subscriptions } from './subscriptions.js';
import { SessionTasks } from '../tasks/session-tasks.js';
import { SessionSkills } from '../skills/session-skills.js';
import { bindReceiver } from '../tasks/receiver.js';
import type { TaskReceiverBinding } from '@modelcontextprotocol/ext-tasks/receiver';
import type { TaskCallOptions, TaskCallOutcome } from '../tasks/types.js';
import { chainClose, type TappedTransport } from '../transports/tap.js';
import { derivedNameOf, givenName, targetOf } from './session-name.js';
import { ToolCatalog, toolsOfPage, ttlOfPage, type ToolDefinition } from './tool-catalog.js';
import type * as T from './types.js';
import { SessionOtel, type SessionOtelOptions } from '../otel/session-otel.js';

export interface SessionDeps {
  clientName: string;
  clientVersion: string;
  stopGraceMs?: number;
  emit(message: T.EngineMessage): void;
  /** The memory budget and spill file of the event window (default 32 MiB, a process-wide spill dir). */
  window?: Partial<WindowOptions>;
  /** OpenTelemetry: the session's trace, trace context, the export's state (otel/session-otel.ts). */
  otel?: SessionOtelOptions;
}

/** One connection to one MCP server, with every event that happened on it. */
export class Session {
  readonly log: EventLog;
  client?: Client;
  private state: T.SessionState = 'connecting';
  /** The connect under way, so close() can stop it. */
  private connecting?: ConnectContext;
  private details: Partial<T.SessionInfo> = {};
  private rootList: T.Root[] = [];
  private logLevel?: T.LogLevel;
  private tap?: TappedTransport;
  private readonly stderrLines: string[] = [];
  private readonly raw = new RawRequests();
  private readonly runner: RequestRunner;
  private readonly subscriptions: Subscriptions;
  /** SEP-2640 skills: list, and load a skill or one of its files verified against its entry. */
  readonly skills = new SessionSkills(() => this.client);
  /** Task-augmented calls, their drivers and the session's known tasks. */
  readonly tasks: SessionTasks;
  /** The 2025-11-25 task receiver bound to the current client (tasks/receiver.ts). */
  private receiver?: TaskReceiverBinding;
  /** Why each outgoing frame was sent, by what it is (replies, cancels, a call's legs). */
  private readonly origins: OriginBook;
  private readonly intake: RequestIntake;
  private readonly createdAt = Date.now();
  /** The OAuth client of an HTTP session with `config.oauth`. */
  oauth?: OAuthRunner;
  /** The user's name for it: config.name, then rename(). */
  private userName: string | undefined;
  /** Set for a session a replay opened (OpenOptions.replayOf). */
  replayOf?: string;
  /** What an HTTP session does when its server breaks (session-recovery.ts). */
  private readonly recovery: SessionRecovery;
  /** The options of the last connect, for a new session after an expired one. */
  private openOptions: T.OpenOptions = {};
  /** Its OpenTelemetry side: the trace it is, the trace-context switch, its server's spans. */
  readonly otel: SessionOtel;
  /** The last complete tools/list while it is known to be current (tool-catalog.ts). */
  private readonly catalog = new ToolCatalog();

  constructor(
    readonly id: string,
    readonly config: T.SessionConfig,
    private readonly deps: SessionDeps,
  ) {
    this.userName = givenName(config.name);
    this.otel = new SessionOtel(deps.otel ?? {}, {
      createdAt: this.createdAt,
      addSpan: (span) => this.log.add({ type: 'span', span }),
      note: (message) => this.log.add({ type: 'lifecycle', phase: 'state', message }),
      changed: () => deps.emit({ type: 'session', session: this.info() }),
    });
    this.log = new EventLog(id, new Linter({ validate: sharedSchemaValidator() }), deps.window);
    this.log.subscribe((event) => {
      if (event.type === 'stderr') this.keepStderr(event.text);
      deps.emit(event);
    });
    this.runner = new RequestRunner({
      sessionId: id,
      client: () => this.client,
      extraMeta: () => logLevelMeta(this.envelope()),
      emit: deps.emit,
    });
    this.origins = new OriginBook(this.runner);
    this.intake = new RequestIntake({
      sessionId: id,
      log: this.log,
      origins: this.origins,
      emit: deps.emit,
      era: () => this.details.era,
      answeringCallId: () => this.runner.answeringCallId(),
      answering: (requestId, origin) => this.tasks.answered(requestId, origin),
    });
    this.tasks = new SessionTasks({
      sessionId: id,
      era: () => this.details.era,
      serverCapabilities: () => this.details.serverCapabilities,
      run: (method, params, opts, progress) => this.runner.run(method, params, opts, { progress }),
      cancelCall: (callId, origin) => this.runner.cancel(callId, undefined, origin),
      ask: (request, signal) => this.waitForAnswer(request, signal),
      emit: (message) => {
        // A task that ended no longer needs the user's answer to its questions (elicitation, sampling).
        if (message.type === 'task' && isTerminalTaskStatus(message.task.status))
          this.intake.queue.rejectForTask(message.task.taskId, `task ${message.task.status}`);
        deps.emit(message);
      },
      closed: () => this.state !== 'connected',
    });
    this.recovery = new SessionRecovery({
      sessionId: id,
      log: this.log,
      url: config.transport === 'stdio' ? '' : config.url,
      runner: this.runner,
      raw: this.raw,
      state: () => this.state,
      setState: (state) => this.setState(state),
      details: () => this.details,
      release: () => {
        const old = { client: this.client, tap: this.tap };
        this.client = this.tap = undefined;
        return old;
      },
      forgetSession: () => this.forgetSession(),
      reconnect: (origin) => this.reconnect(origin),
      adopt: (connected, extra) => this.adopt(connected, extra),
      connectionLost: (message, error) => this.connectionLost(message, error),
      tap: () => this.tap,
      client: () => this.client,
    });
    this.subscriptions = new Subscriptions({
      client: () => this.client,
      era: () => this.details.era,
      rpc: (method, params, origin) => this.rpc(method, params, origin),
      note: (message) => this.state === 'connected' && this.log.add({ type: 'lifecycle', phase: 'state', message }),
      changed: () => this.changed(),
    });
  }

  info(): T.SessionInfo {
    const c = this.config;
    return {
      id: this.id,
      name: this.userName ?? derivedNameOf(c),
      ...(this.userName === undefined ? {} : { named: true }),
      ...(this.replayOf === undefined ? {} : { replayOf: this.replayOf }),
      state: this.state,
      transport: c.transport === 'stdio' ? 'stdio' : c.transport === 'sse' ? 'sse' : 'http',
      target: targetOf(c),
      createdAt: this.createdAt,
      wrapped: false,
      ...this.details,
      ...this.recovery.info(),
      roots: this.rootList,
      ...(this.logLevel ? { logLevel: this.logLevel } : {}),
      subscriptions: this.subscriptions.list(),
      ...(this.subscriptions.watchingListChanges() ? { listChanges: true } : {}),
      otel: this.otel.info(),
    };
  }

  /** The OTLP receiver's intake while the session is connected (after its end its trace is closed). */
  get serverSpans() {
    return this.state === 'connected' ? this.otel.intake : undefined;
  }

  /** The user's name for the session; null or blank restores the automatic one. Told to subscribers in any state. */
  rename(name: string | null): void {
    this.userName = givenName(name);
    this.deps.emit({ type: 'session', session: this.info() });
  }

  get roots(): T.Root[] {
    return this.rootList;
  }

  /** The in-memory window, seq order; older events are on disk (page, frames, all). */
  events(): readonly SessionEvent[] {
    return this.log.events();
  }

  pageInfo() {
    return { type: 'session-page-info' as const, sessionId: this.id, ...this.log.window.counts() };
  }

  /** Up to `limit` events with seq ≥ `from`, from disk and memory. */
  page(from: number, limit: number): Promise<SessionEvent[]> {
    return this.log.window.page(from, limit);
  }

  /** Frames by ordinal (the k-th frame event of the session, 0-based). */
  frames(index: number, limit: number): Promise<FrameEvent[]> {
    return this.log.window.frames(index, limit);
  }

  searchFrames(q: FrameSearchQuery): Promise<FrameSearchResult> {
    return this.log.window.searchFrames(q);
  }

  /** Every event of the session, streamed. */
  all(): AsyncGenerator<SessionEvent> {
    return this.log.window.all();
  }

  /** Deletes the spill file (engine.remove); the in-memory window stays readable. */
  dispose(): void {
    this.log.window.dispose();
  }

  pendingServerRequests() {
    return this.intake.queue.list();
  }

  async connect(opts: T.OpenOptions): Promise<void> {
    this.openOptions = opts;
    this.catalog.invalidate();
    const ctx = this.connectContext(opts);
    this.connecting = ctx;
    try {
      // Outside any ambient origin of the caller: the server's pipes and streams are made here, and
      // what their callbacks cause must not inherit it (each send says its own origin).
      const connected = await originScope.exit(() => connectTransport(ctx));
      if (this.state === 'closed') {
        // Closed while the handshake was under way: finish the job close() started.
        await connected.tap.close().catch(() => undefined);
        await connected.client.close().catch(() => undefined);
        throw new EngineError('ENGINE_CLOSED', 'the session was closed while connecting', { sessionId: this.id });
      }
      this.adopt(connected, ctx.eraFallback === undefined ? {} : { eraFallback: ctx.eraFallback });
      this.log.add({ type: 'lifecycle', phase: 'connect', message: `${this.details.era} era, protocol ${this.details.protocolVersion}` });
      this.setState('connected');
    } catch (err) {
      if (this.state === 'closed')
        throw err instanceof EngineError && err.code === 'ENGINE_CLOSED'
          ? err
          : new EngineError('ENGINE_CLOSED', 'the session was closed while connecting', { sessionId: this.id, cause: err });
      const error = describeConnectError(ctx, err);
      this.details = { ...this.details, error };
      this.log.add({ type: 'lifecycle', phase: 'error', message: error.message });
      this.setState('failed');
      throw new EngineError(error.code as EngineError['code'], error.message, { details: error, sessionId: this.id, cause: err });
    } finally {
      this.connecting = undefined;
    }
    // Opt-in (OpenOptions.watchListChanges): no spec text asks a client to listen on its own.
    if (this.details.era === 'modern' && opts.watchListChanges === true) {
      const caps = this.client!.getServerCapabilities();
      void withOrigin(auto('subscription listen'), () => this.subscriptions.watchListChanges(caps));
    }
  }

  private connectContext(opts: T.OpenOptions): ConnectContext {
    return {
      log: this.log,
      config: this.config,
      timeoutMs: opts.connectTimeoutMs ?? 30_000,
      newClient: (mode) => {
        const client = createClient(this.deps.clientName, this.deps.clientVersion, mode);
        registerServerRequestHandlers(client, this);
        // After the handlers above: the binding takes task-augmented requests and hands plain ones to them.
        this.receiver?.close();
        this.receiver = bindReceiver(client, (request, signal) => this.waitForAnswer(request, signal));
        return client;
      },
      stderrTail: () => this.stderrLines.slice(-20),
      onRetry: () => this.stderrLines.splice(0),
      stopGraceMs: this.deps.stopGraceMs,
      oauth: this.oauthRunner(opts),
      undeliverable: (id, reason) => this.undeliverable(id, reason),
      origins: this.origins,
      onHttp: (event, networkCode) => this.recovery.http.onHttp(event, networkCode),
      traceContext: () => this.otel.outgoing(),
    };
  }

  /** Takes a connected client and tap as the session's own; `extra` goes into its info. */
  private adopt(connected: Connected, extra: Partial<T.SessionInfo>): void {
    const tap = connected.tap;
    // A new MCP session (also one started after the server forgot the old) lists its tools anew.
    this.catalog.invalidate();
    this.client = connected.client;
    this.tap = tap;
    tap.intercept = (msg) => this.raw.settle(msg, this.log.now());
    tap.onundeliverable = (id, reason) => this.undeliverable(id, reason);
    tap.onfault = (err) => void this.fail(err);
    tap.onstreamend = (id) => this.recovery.http.onStreamEnd(id);
    tap.onsendfailure = () => this.recovery.http.settled();
    tap.observer = {
      outbound: (msg, o) => {
        this.runner.legs.outbound(msg, o);
        this.tasks.outbound(msg);
      },
      inbound: (msg) => {
        if (typeof msg.method !== 'string') this.recovery.answered();
        if (msg.method === 'notifications/tools/list_changed') this.catalog.invalidate();
        this.runner.inbound(msg);
        this.tasks.inbound(msg);
      },
    };
    tap.onclose = chainClose(tap.onclose, () => this.tap === tap && this.connectionLost('the server closed the connection'));
    this.details = { ...describeConnection(connected.client, tap.sessionId), transport: connected.transport, pid: connected.pid, ...extra };
  }

  private oauthRunner(opts: T.OpenOptions): OAuthRunner | undefined {
    const c = this.config;
    if (c.transport === 'stdio' || !c.oauth) return undefined;
    return (this.oauth ??= new OAuthRunner({
      serverUrl: c.url,
      config: c.oauth,
      userAgent: opts.oauthUserAgent,
      emit: (step, detail) => this.log.add({ type: 'oauth', step, detail }),
    }));
  }

  /** Sends any JSON-RPC request or notification as given (a debugger sends what you wrote). */
  async send(message: Record<string, unknown>, opts: T.SendOptions = {}): Promise<T.SendResult> {
    await this.recovery.renewing; // a new session under way after an expired one
    const tap = this.connectedTap();
    return this.raw.send(message, opts, { tap, envelope: this.envelope(), log: this.log });
  }

  /**
   * A request through the SDK client: progress (`request-progress` messages), the timeout reset
   * on progress, cancel, and on 2026-07-28 the `input_required` rounds answered through the
   * server-request queue, each retry a frame of its own.
   */
  async request(method: string, params?: Record<string, unknown>, opts: T.RequestOptions = {}): Promise<TaskCallOutcome> {
    await this.recovery.renewing; // a new session under way after an expired one
    this.connectedTap();
    const started = performance.now();
    const since = this.log.lastSeq;
    const listing = method === 'tools/list' && params?.cursor === undefined ? this.catalog.begin() : undefined;
    const out = await this.runner
      .run(method, params, opts)
      .catch((err: unknown) => Promise.reject(explainTimeout(err, this.log.events(), since)));
    // A whole listing in one page, whoever asked for it (the UI, `call tools/list`): kept for --tool.
    if (listing !== undefined && out.outcome === 'result' && typeof out.result.nextCursor !== 'string') {
      this.catalog.store(listing, toolsOfPage(out.result), ttlOfPage(out.result), Date.now());
    }
    // 2026-07-28 with the tasks extension declared, the server may answer any tools/call with a
    // task (SEP-2663): the call follows it to its end like a task call.
    if (method !== 'tools/call' || this.details.era !== 'modern') return out;
    return this.tasks.follow(out, 'v2', typeof params?.name === 'string' ? params.name : undefined, opts, started);
  }

  /**
   * The server's tools: the session's listing while it is current (tool-catalog.ts), else a
   * tools/list with every page walked (as `origin`), kept for next time. Undefined when the
   * first page failed; the pages before a failed one otherwise.
   */
  async toolDefinitions(opts: Pick<T.RequestOptions, 'timeoutMs' | 'origin'>): Promise<ToolDefinition[] | undefined> {
    const caps = this.details.serverCapabilities as { tools?: { listChanged?: unknown } } | undefined;
    const terms = {
      era: this.details.era,
      transport: this.details.transport,
      listChanged: caps?.tools?.listChanged === true,
      listening: this.subscriptions.watchingListChanges(),
    };
    return this.catalog.definitions(terms, (params) => this.request('tools/list', params, opts));
  }

  /**
   * A task-augmented tools/call (2025-11-25 `params.task`; on 2026-07-28 a plain call the server
   * may make a task), driven to the end: polls, input, result. ENGINE_TASKS_UNSUPPORTED when the
   * server or the tool does not allow it (nothing is sent).
   */
  async callTask(params: Record<string, unknown>, opts: TaskCallOptions = {}): Promise<TaskCallOutcome> {
    await this.recovery.renewing; // a new session under way after an expired one
    this.connectedTap();
    return this.tasks.call(params, opts);
  }

  /**
   * Records what an MCP App view and mcpscope (its host, in the web) said to each other, in
   * order: one app-channel frame per message. Not sent anywhere: the app's requests
   * for the server travel as ordinary requests. Only while connected (a finished session's
   * trace is closed); a message that is no JSON object, too deep or too large fails only itself.
   */
  appMessages(app: AppChannel, messages: ReadonlyArray<{ dir: Direction; msg: unknown }>): FrameEvent[] {
    if (this.state !== 'connected')
      throw new EngineError('ENGINE_NOT_CONNECTED', `Session ${this.id} is ${this.state}`, { sessionId: this.id });
    return messages.map(({ dir, msg }) => this.log.appFrame(app, dir, msg));
  }

  /** Returns false when no call `callId` is running. `origin`: who cancelled (default the user's `cancel`). */
  cancelRequest(callId: string, origin?: FrameOrigin): boolean {
    // A task call's cancel is tasks/cancel once the task exists (2025-11-25/basic/utilities/tasks#cancelling-tasks).
    if (this.tasks.cancelCall(callId, origin ?? ambientOrigin() ?? user('cancel'))) return true;
    return this.runner.cancel(callId, undefined, origin);
  }

  /** Legacy era: notifications/roots/list_changed (2025-11-25/client/roots#root-list-changes); 2026-07-28 has none, the server asks each time. */
  async setRoots(roots: T.Root[], origin?: FrameOrigin): Promise<void> {
    this.rootList = roots.map((r) => ({ uri: r.uri, ...(r.name === undefined ? {} : { name: r.name }) }));
    this.changed();
    if (this.state !== 'connected' || this.details.era !== 'legacy') return;
    await withOrigin(origin, () => this.client!.sendRootsListChanged()).catch((err: unknown) => {
      throw engineErrorFromSdk(err, 'notifications/roots/list_changed');
    });
  }

  /** Legacy: logging/setLevel (2025-11-25/server/utilities/logging); 2026-07-28: `_meta` of every later request. */
  async setLogLevel(level: T.LogLevel, origin?: FrameOrigin): Promise<void> {
    this.connectedTap();
    if (this.details.era !== 'modern') await this.rpc('logging/setLevel', { level }, origin);
    this.logLevel = level;
    this.changed();
  }

  async subscribe(uri: string, origin?: FrameOrigin): Promise<void> {
    this.connectedTap();
    return this.subscriptions.add(uri, origin ?? ambientOrigin());
  }

  /**
   * 2026-07-28: opens (`on`) or closes the list-change listen stream; the legacy era has none
   * (servers send `*\/list_changed` unasked), so there it does nothing. Default origin: the ambient one.
   */
  async watchListChanges(on: boolean, origin?: FrameOrigin): Promise<void> {
    this.connectedTap();
    if (this.details.era !== 'modern') return;
    const caps = this.client!.getServerCapabilities();
    await withOrigin(origin ?? ambientOrigin(), () =>
      on ? this.subscriptions.watchListChanges(caps) : this.subscriptions.stopListChanges(),
    );
  }

  /** Returns false when `uri` was not subscribed. */
  async unsubscribe(uri: string, origin?: FrameOrigin): Promise<boolean> {
    this.connectedTap();
    return this.subscriptions.remove(uri, origin ?? ambientOrigin());
  }

  /** Answers a server request waiting for the user (RequestIntake.answer); false when none waits as `requestId`. */
  answer(requestId: string, answer: T.ServerRequestAnswer, origin?: FrameOrigin): boolean {
    return this.intake.answer(requestId, answer, origin);
  }

  /** Legacy server requests are keyed by their JSON-RPC id; embedded input requests get a key unique per round. */
  nameServerRequest(id: string | number): ServerRequestName {
    return this.intake.name(id);
  }

  waitForAnswer(request: ServerRequestName & { method: string; params: unknown; taskId?: string }, signal?: AbortSignal) {
    return this.intake.wait(request, signal);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.setState('closed');
    this.tasks.closeAll();
    this.receiver?.close();
    this.intake.queue.rejectAll('session closed');
    this.raw.failAll(new EngineError('ENGINE_CLOSED', 'session closed'));
    // Still connecting: stop the server being spawned, or the handshake would keep it alive.
    await this.connecting?.stdio?.close().catch(() => undefined);
    await this.tap?.close().catch(() => undefined);
    await this.client?.close().catch(() => undefined);
    this.log.add({ type: 'lifecycle', phase: 'disconnect', message: 'closed by mcpscope' });
  }

  /** An answer to `id` was refused at the boundary (too deep, too large): its request fails now. */
  private undeliverable(id: JsonRpcId, reason: string): void {
    const error = new EngineError('ENGINE_RESPONSE_REFUSED', reason, { sessionId: this.id });
    this.raw.fail(idKey(id), error);
    this.runner.failLeg(id, error);
  }

  /**
   * mcpscope threw while handling this session's traffic (a bug met on hostile input): the
   * session closes with the reason; the process and every other session go on.
   */
  async fail(err: unknown): Promise<void> {
    if (this.state === 'closed') return;
    const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    this.details = {
      ...this.details,
      error: { code: 'ENGINE_INTERNAL', message: `mcpscope failed on this session's traffic and closed it (${text.slice(0, 300)})` },
    };
    this.log.add({ type: 'lifecycle', phase: 'error', message: this.details.error!.message });
    await this.close();
  }

  /** A request the engine makes for itself: a JSON-RPC error becomes ENGINE_RPC_ERROR. */
  private async rpc(method: string, params: Record<string, unknown>, origin?: FrameOrigin): Promise<Record<string, unknown>> {
    const out = await this.runner.run(method, params, { timeoutMs: 30_000, ...(origin ? { origin } : {}) }, { progress: false });
    if (out.outcome === 'result') return out.result;
    if (out.outcome === 'cancelled') throw new EngineError('ENGINE_CLOSED', `${method} was cancelled`);
    throw new EngineError('ENGINE_RPC_ERROR', `${method} failed with JSON-RPC error ${out.error.code}: ${out.error.message}`, {
      data: { rpcError: out.error },
    });
  }

  private connectedTap(): TappedTransport {
    if (this.state !== 'connected' || !this.tap) throw new EngineError('ENGINE_NOT_CONNECTED', `Session ${this.id} is ${this.state}`);
    return this.tap;
  }

  private envelope(): EnvelopeContext {
    const { era, protocolVersion } = this.details;
    return { era, protocolVersion, logLevel: this.logLevel, clientInfo: { name: this.deps.clientName, version: this.deps.clientVersion } };
  }

  /** The connection ended without mcpscope closing it; `error`: why, kept in the session's info. */
  private connectionLost(message: string, error?: T.ConnectError): void {
    if (this.state !== 'connected' && this.state !== 'connecting') return;
    if (error) this.details = { ...this.details, error };
    this.setState('closed');
    this.tasks.closeAll();
    this.receiver?.close();
    this.intake.queue.rejectAll('connection closed');
    this.raw.failAll(
      error
        ? new EngineError('ENGINE_CONNECTION_LOST', message, { sessionId: this.id })
        : new EngineError('ENGINE_CLOSED', 'the connection closed'),
    );
    this.log.add({ type: 'lifecycle', phase: 'disconnect', message });
  }

  /** A new connect on the same server after it forgot the session (SessionRecovery); rejects with the reason in words. */
  private async reconnect(origin: FrameOrigin): Promise<Connected> {
    const ctx = this.connectContext(this.openOptions);
    this.connecting = ctx;
    try {
      return await originScope.exit(() => renewHttpSession(ctx, origin));
    } catch (err) {
      throw new Error(describeConnectError(ctx, err).message, { cause: err });
    } finally {
      this.connecting = undefined;
    }
  }

  /** The server forgot the session: its work stops, and what it held (subscriptions, log level) is said in the boundary's note. */
  private forgetSession(): string {
    this.tasks.closeAll();
    this.intake.queue.rejectAll('the session expired');
    const uris = this.subscriptions.forgetAll();
    const parts = [
      uris.length > 0 ? `resource subscriptions (${uris.length})` : '',
      this.logLevel === undefined ? '' : `the log level (${this.logLevel})`,
    ].filter(Boolean);
    this.logLevel = undefined;
    return parts.length === 0 ? '' : `. The server forgot with it: ${parts.join(', ')}; set them again if you need them`;
  }

  private changed(): void {
    if (this.state === 'connected') this.deps.emit({ type: 'session', session: this.info() });
  }

  private setState(state: T.SessionState): void {
    this.state = state;
    this.log.add({ type: 'lifecycle', phase: 'state', state });
    this.deps.emit({ type: 'session', session: this.info() });
  }

  private keepStderr(text: string): void {
    for (const line of text.split('\n')) if (line.trim()) this.stderrLines.push(line);
    if (this.stderrLines.length > 200) this.stderrLines.splice(0, this.stderrLines.length - 50);
  }
}
