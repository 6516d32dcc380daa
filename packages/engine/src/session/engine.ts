import { sessionScope } from './backstop.js';
import { EngineError } from '../errors/errors.js';
import { Session } from './session.js';
import type { EngineMessage, OpenOptions, PendingServerRequest, SessionConfig, SessionInfo } from './types.js';
import { attachRecorder } from '../traces/recorder.js';
import { IngestedSession } from '../traces/ingested-session.js';
import { OfflineSession } from '../traces/offline-session.js';
import { TraceStore } from '../traces/trace-store.js';
import { serverInfoOf } from '../traces/trace-names.js';
import { DEFAULT_MEMORY_BUDGET, Listeners } from '@mcpscope/protocol';
import type { WindowOptions } from '../events/event-window.js';
import { removeStaleSpillDirs, SpillDir, SpillFile } from '../events/spill.js';
import { attachSpans } from '../otel/attach-spans.js';
import { newTraceIdentity } from '../otel/identity.js';
import type { Telemetry } from '../otel/telemetry.js';
import { SpanReceivers } from '../otel/server-spans.js';
import { serverSpanEnv } from '@mcpscope/protocol';

/** A session mcpscope did not connect itself: opened from a trace, or ingested from `mcpscope wrap`. Read-only. */
export type SessionView = OfflineSession | IngestedSession;

export interface EngineOptions {
  clientName?: string;
  clientVersion?: string;
  /** How long a stdio server gets to exit after stdin closes before SIGTERM (default 1000 ms). */
  stopGraceMs?: number;
  /** The traces folder (defaultTracesDir() in the CLI); without it nothing is recorded automatically. */
  tracesDir?: string;
  /** Record every session to the traces folder (default true when tracesDir is set). */
  recordAll?: boolean;
  /** Redact secrets in the automatic traces (default true). */
  redact?: boolean;
  /** Bytes of events each live or wrapped session keeps in memory; older ones spill to disk (default 32 MiB). */
  memoryBudget?: number;
  /** Where spill folders go (default os.tmpdir()). */
  spillRoot?: string;
  /** How long a session's connect may take when its open() does not say (default 30 s). */
  connectTimeoutMs?: number;
  /** OpenTelemetry: the live export, trace context and the TRACEPARENT sessions continue (otel/telemetry.ts). */
  telemetry?: Telemetry;
  /** What the sessions are, for their spans: `session` (the UI), `call`, `check`… (default `session`; a replay's are `replay`). */
  sessionKind?: string;
}

/** Holds every session and fans their events out to subscribers (the proxy's /ws hub, the CLI). */
export class Engine {
  private readonly sessions = new Map<string, Session>();
  private readonly views = new Map<string, SessionView>();
  private readonly listeners = new Listeners<[EngineMessage]>();
  private counter = 0;
  /** The trace id each session records to, or was opened from (for its name in the Traces list). */
  private readonly traceIds = new Map<string, string>();
  readonly traces?: TraceStore;
  readonly spill: SpillDir;

  private readonly spanDetach = new Map<string, () => void>();
  /** The OTLP receiver's per-session secrets; the proxy sets `url` once it listens. */
  readonly spanReceivers = new SpanReceivers();

  constructor(private readonly opts: EngineOptions = {}) {
    if (opts.tracesDir) this.traces = new TraceStore(opts.tracesDir);
    removeStaleSpillDirs(opts.spillRoot);
    this.spill = new SpillDir(opts.spillRoot);
    // The export's state shows with every live session (said once per change).
    opts.telemetry?.onChange(() => {
      for (const session of this.sessions.values()) this.emit({ type: 'session', session: session.info() });
    });
  }

  get telemetry(): Telemetry | undefined {
    return this.opts.telemetry;
  }

  /** Per-session memory budget in bytes. */
  get memoryBudget(): number {
    return this.opts.memoryBudget ?? DEFAULT_MEMORY_BUDGET;
  }

  private windowFor(id: string): WindowOptions {
    return { budget: this.memoryBudget, spill: () => new SpillFile(this.spill.file(id), id) };
  }

  async open(config: SessionConfig, opts: OpenOptions = {}): Promise<Session> {
    const telemetry = this.opts.telemetry;
    // The OpenTelemetry SDK loads (the first time, only when the export is on) while the server
    // starts: spans built meanwhile wait for it.
    void telemetry?.ready();
    const id = `s${++this.counter}`;
    const kind = opts.replayOf !== undefined ? 'replay' : (this.opts.sessionKind ?? 'session');
    // "Collect server spans": the server's SDK is told where mcpscope's receiver is (its own variables win).
    const collect = opts.collectServerSpans === true && config.transport === 'stdio' && this.spanReceivers.url !== undefined;
    if (collect && config.transport === 'stdio')
      config = { ...config, env: { ...serverSpanEnv(this.spanReceivers.url!, this.spanReceivers.secretFor(id)), ...config.env } };
    const session = new Session(id, config, {
      clientName: this.opts.clientName ?? 'mcpscope',
      clientVersion: this.opts.clientVersion ?? '0.1.0',
      stopGraceMs: this.opts.stopGraceMs,
      emit: (message) => this.emit(message),
      window: this.windowFor(id),
      otel: {
        kind,
        identity: newTraceIdentity(telemetry?.options.parent),
        traceContext: opts.traceContext ?? telemetry?.options.traceContext,
        ...(telemetry ? { exportStatus: () => telemetry.status } : {}),
      },
    });
    if (opts.replayOf !== undefined) session.replayOf = opts.replayOf;
    if (collect) session.otel.collectServerSpans();
    this.sessions.set(id, session);
    if (telemetry?.exporting) this.spanDetach.set(id, attachSpans(session, telemetry));
    if (opts.record) attachRecorder(session, opts.record, { redact: !opts.noRedact });
    if (this.traces && this.opts.recordAll !== false) {
      const store = this.traces;
      const file = store.fileFor(new Date(session.info().createdAt), session.info().name, id);
      store.live.add(file);
      const traceId = store.idOf(file);
      if (traceId) this.traceIds.set(id, traceId);
      attachRecorder(session, file, { redact: this.opts.redact !== false && !opts.noRedact, onFinish: () => store.live.delete(file) });
    }
    this.emit({ type: 'session', session: session.info() });
    this.emit(session.pageInfo());
    // Everything the connection causes runs in the session's scope (backstop.ts).
    await sessionScope.run(id, () => session.connect({ ...opts, connectTimeoutMs: opts.connectTimeoutMs ?? this.opts.connectTimeoutMs }));
    return session;
  }

  /** The backstop's way to end one session mcpscope failed on (its reason is kept in the session). */
  failSession(id: string, error: unknown): boolean {
    const session = this.sessions.get(id);
    if (!session || session.info().state === 'closed') return false;
    void session.fail(error);
    return true;
  }

  list(): SessionInfo[] {
    return [...this.sessions.values(), ...this.views.values()].map((s) => s.info());
  }

  /**
   * Opens a trace file as an offline, read-only session (indexed, paged; never loaded whole).
   * `background`: resolve once the header is read and let the index complete afterwards (the
   * session is listed at once; its page info and last events follow when indexed). Otherwise
   * resolve when indexed.
   */
  async openTrace(file: string, opts: { background?: boolean } = {}): Promise<OfflineSession> {
    const view = await OfflineSession.open(`s${++this.counter}`, file);
    const traceId = this.traces?.idOf(file);
    if (traceId) {
      this.traceIds.set(view.id, traceId);
      // A trace renamed since (its session, or an earlier offline view of it) opens with that name.
      const stored = this.traces!.names.get(traceId);
      if (stored?.named) view.rename(stored.name);
    }
    const current = () => this.views.get(view.id) === view;
    this.views.set(view.id, view);
    view.onChange = () => current() && this.emit({ type: 'session', session: view.info() });
    const announce = () => {
      if (!current()) return;
      this.emit({ type: 'session', session: view.info() });
      this.emit(view.pageInfo());
      for (const event of view.events()) this.emit(event);
    };
    if (opts.background) {
      this.emit({ type: 'session', session: view.info() });
      void view.indexed.then(announce);
    } else {
      await view.indexed;
      announce();
    }
    return view;
  }

  /** A session whose events arrive from outside (`mcpscope wrap`). */
  ingest(meta: { name: string; transport: 'stdio' | 'http' | 'sse'; target: string }): IngestedSession {
    const id = `s${++this.counter}`;
    const view = new IngestedSession(id, meta, (m) => this.emit(m), this.windowFor(id));
    this.views.set(view.id, view);
    this.emit({ type: 'session', session: view.info() });
    this.emit(view.pageInfo());
    return view;
  }

  /** Any session by id, live or read-only. */
  view(id: string): Session | SessionView | undefined {
    return this.sessions.get(id) ?? this.views.get(id);
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  require(id: string): Session {
    const session = this.sessions.get(id);
    if (!session && this.views.has(id))
      throw new EngineError('ENGINE_OFFLINE', `Session ${id} is read-only (opened from a trace or wrapped)`, { sessionId: id });
    if (!session) throw new EngineError('ENGINE_SESSION_NOT_FOUND', `No session ${id}`);
    return session;
  }

  /**
   * Names a session (live, ended, offline or wrapped) for people; null or blank restores its
   * automatic name. Subscribers get the new info as a `session` message. False when unknown.
   */
  rename(id: string, name: string | null): boolean {
    const target = this.sessions.get(id) ?? this.views.get(id);
    if (!target) return false;
    target.rename(name);
    if (target !== this.sessions.get(id)) this.emit({ type: 'session', session: target.info() });
    return true;
  }

  /**
   * One name per session everywhere: the name a session shows (the user's, a rename, the
   * server's own) is kept for its trace, so the Traces list and Compare say the same.
   */
  private noteTraceName(info: SessionInfo): void {
    const traceId = this.traceIds.get(info.id);
    if (!traceId || !this.traces) return;
    const serverInfo = serverInfoOf(info.serverInfo) ?? this.traces.names.get(traceId)?.serverInfo;
    this.traces.names.set(traceId, { name: info.name, ...(info.named ? { named: true } : {}), ...(serverInfo ? { serverInfo } : {}) });
  }

  async close(id: string): Promise<boolean> {
    const session = this.sessions.get(id);
    const view = this.views.get(id);
    if (view instanceof IngestedSession) view.end();
    if (!session) return view !== undefined;
    await session.close();
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const closed = await this.close(id);
    if (closed) {
      const target = this.sessions.get(id) ?? this.views.get(id);
      if (target && 'dispose' in target) target.dispose();
      this.spanDetach.get(id)?.();
      this.spanDetach.delete(id);
      this.spanReceivers.forget(id);
      this.sessions.delete(id);
      this.views.delete(id);
      this.traceIds.delete(id);
      this.emit({ type: 'session-removed', sessionId: id });
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
  }

  /** Shutdown: closes every session, sends the last spans, and deletes the spill folder (reads of spilled events end here). */
  async dispose(): Promise<void> {
    await this.closeAll();
    for (const detach of this.spanDetach.values()) detach();
    this.spanDetach.clear();
    await this.opts.telemetry?.shutdown();
    for (const view of this.views.values()) if (view instanceof IngestedSession) view.end();
    for (const s of [...this.sessions.values(), ...this.views.values()]) if ('dispose' in s) s.dispose();
    this.spill.dispose();
  }

  subscribe(listener: (message: EngineMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Everything a new subscriber needs to catch up, in order. */
  backlog(): EngineMessage[] {
    const out: EngineMessage[] = [];
    for (const session of this.sessions.values()) {
      out.push({ type: 'session', session: session.info() });
      out.push(session.pageInfo());
      for (const event of session.events()) out.push(event);
    }
    for (const view of this.views.values()) {
      out.push({ type: 'session', session: view.info() });
      if (view instanceof OfflineSession && !view.ready) continue; // its page info and tail follow when indexed
      out.push(view.pageInfo());
      for (const event of view.events()) out.push(event);
    }
    for (const request of this.pendingServerRequests()) out.push({ type: 'server-request', request });
    return out;
  }

  pendingServerRequests(): PendingServerRequest[] {
    return [...this.sessions.values()].flatMap((s) => s.pendingServerRequests());
  }

  private emit(message: EngineMessage): void {
    if (message.type === 'session') this.noteTraceName(message.session);
    // A subscriber's failure is its own; the engine and other subscribers go on.
    this.listeners.emitIsolated(message);
  }
}
