import { Listeners, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { isWsSessionEvent, type PendingServerRequest, type SessionInfo, type TaskInfo, type WsServerMessage } from '@mcpscope/wire';
import type { FetchFrames } from './framePager';
import { frameScheduler, type Schedule } from './scheduler';
import { DEFAULT_MEMORY_BUDGET, type LogPageInfo, type SessionLog } from './sessionLog';
import { SessionState, type SessionLoad, type SessionSlot } from './sessionState';
import type { SocketStatus } from './ws';

export interface StoreSnapshot {
  /** Grows on every change; cheap to compare. */
  readonly version: number;
  readonly socket: SocketStatus;
  readonly socketDetail: string | undefined;
  /** True once the backlog after the latest (re)connect has been received. */
  readonly ready: boolean;
  /** Sorted by creation time; a new array only when a session changes. */
  readonly sessions: readonly SessionInfo[];
  readonly pending: readonly PendingServerRequest[];
  readonly invalidMessages: number;
}

/** Which events of a session the /ws backlog carried (`session-page-info`, sent for every session). */
export type PageInfo = LogPageInfo;

export interface EventStoreOptions {
  /** Reads frames of a session back from disk by ordinal (GET …/frames): each session's pager uses it. */
  fetchFrames?: (sessionId: string, index: number, limit: number) => Promise<{ frames: FrameEvent[] }>;
  /** Reads events of a session by seq (GET …/events): the whole events of compact rows. */
  fetchEvents?: (sessionId: string, from: number, limit: number) => Promise<SessionEvent[]>;
  /** A session's `session-page-info` was applied (the offline and earlier-findings loads start here). */
  onPageInfo?: (sessionId: string, info: PageInfo) => void;
}

const noFrames: FetchFrames = () => Promise.reject(new Error('no API to read frames back from disk'));

/**
 * A burst (the backlog after a connect, or a chatty server) is applied every BURST_DELAY_MS
 * instead of every animation frame: rendering 60 times a second while 100,000 messages stream
 * in would spend more time painting rows than reading the socket.
 */
export const BURST_THRESHOLD = 500;
export const BURST_DELAY_MS = 150;
/**
 * A live flood (a batch of BURST_THRESHOLD or more after the backlog) is applied every
 * FLOOD_DELAY_MS: each flush lays out a screen of new rows (~10 ms of the tab's main thread,
 * bench/live-ui.mjs --trace-page), and during a flood that CPU is taken from the proxy feeding the
 * tab. Four updates a second still show the log moving; the flood ends sooner.
 */
export const FLOOD_DELAY_MS = 250;
/**
 * A steady stream below the burst size is paced by what rendering costs: after a flush whose
 * update (store + React render, layout effects included) took `c` ms, the next one waits until
 * RENDER_PACING × c ms after it started (at most MAX_PACED_DELAY_MS after it ended), so
 * rendering keeps at most ~1/RENDER_PACING of the main thread and the rest reads the socket.
 * A cheap update (an echo in a short log) still renders on the next animation frame.
 */
export const RENDER_PACING = 4;
export const MAX_PACED_DELAY_MS = 250;

/**
 * The browser's copy of everything the proxy reported, and the one owner of per-session state:
 * one SessionState per session, created when the session is first heard of and disposed when it
 * is removed (a `session-removed` message, the user's remove, or a reconnect's `hello` that no
 * longer lists it). WS messages are queued and applied in one batch per animation frame, so
 * 1,000 frames arriving in a burst cost one render. Features change state through the named
 * actions below, never by injecting messages shaped like the server's.
 * Framework-free: React reads it through useSyncExternalStore.
 */
export class EventStore {
  private readonly listeners = new Listeners();
  private readonly disposeListeners = new Listeners<[sessionId: string]>();
  private queue: WsServerMessage[] = [];
  private scheduled = false;
  private readonly states = new Map<string, SessionState>();
  /** Per-session byte budget of the logs (GET /api/info `memoryBudget`). */
  private memoryBudget = DEFAULT_MEMORY_BUDGET;
  private lastBatchSize = 0;
  /** When the last flush started and what it cost, React's render included (ms, `now()`). */
  private lastFlushAt = -Infinity;
  private lastFlushCost = 0;
  private sessionsDirty = true;
  private pendingDirty = true;
  private snapshot: StoreSnapshot;

  constructor(
    private readonly schedule: Schedule = frameScheduler(),
    private readonly now: () => number = () => performance.now(),
    private readonly options: EventStoreOptions = {},
  ) {
    this.snapshot = {
      version: 0,
      socket: 'connecting',
      socketDetail: undefined,
      ready: false,
      sessions: [],
      pending: [],
      invalidMessages: 0,
    };
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  getSnapshot = (): StoreSnapshot => this.snapshot;

  /** Everything held for one session; undefined once it was removed (or before it was heard of). */
  session(sessionId: string | null): SessionState | undefined {
    return sessionId === null ? undefined : this.states.get(sessionId);
  }

  /** The ids of every session held (reported by the proxy, or named by the API before it). */
  sessionIds(): string[] {
    return [...this.states.keys()];
  }

  log(sessionId: string): SessionLog | undefined {
    return this.states.get(sessionId)?.log;
  }

  /** Runs `fn` with the id of every session disposed from now on (state kept outside the store: the query cache…). */
  onSessionDisposed(fn: (sessionId: string) => void): () => void {
    return this.disposeListeners.add(fn);
  }

  /** Sets the byte budget of every session log (existing ones evict down to it). */
  setMemoryBudget(bytes: number): void {
    if (!(bytes > 0) || bytes === this.memoryBudget) return;
    this.memoryBudget = bytes;
    for (const state of this.states.values()) state.log.setBudget(bytes);
    this.commit({});
  }

  /**
   * Queues a socket message; it is applied at the next animation frame (or `flush()`), later
   * during a burst or when rendering is costly (BURST_*, FLOOD_DELAY_MS, RENDER_PACING). A
   * batch from the proxy arrives as consecutive calls and is applied in the same flush: one
   * update, one render.
   */
  enqueue = (message: WsServerMessage): void => {
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    const delay = !this.snapshot.ready ? BURST_DELAY_MS : this.lastBatchSize >= BURST_THRESHOLD ? FLOOD_DELAY_MS : this.pacedDelay();
    this.schedule(() => this.flush(), delay);
  };

  /** How long to wait so the last flush's cost stays ≤ 1/RENDER_PACING of the time (0: next frame). */
  private pacedDelay(): number {
    const cost = this.lastFlushCost;
    const wait = this.lastFlushAt + Math.min(cost * RENDER_PACING, cost + MAX_PACED_DELAY_MS) - this.now();
    return wait > 1 ? Math.ceil(wait) : 0;
  }

  /** Applies every queued message now and notifies once. */
  flush(): void {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    const started = this.now();
    const batch = this.queue;
    this.queue = [];
    this.lastBatchSize = batch.length;
    let ready = this.snapshot.ready;
    for (const message of batch) {
      if (message.type === 'hello') ready = false;
      if (message.type === 'ready') ready = true;
      this.apply(message);
    }
    this.commit({ ready });
    this.lastFlushAt = started;
    this.lastFlushCost = this.now() - started;
    // React renders a store change in a microtask queued during commit(): this one runs after it.
    queueMicrotask(() => {
      if (this.lastFlushAt === started) this.lastFlushCost = this.now() - started;
    });
  }

  setSocketStatus = (socket: SocketStatus, socketDetail?: string): void => {
    this.commit({ socket, socketDetail, ready: socket === 'open' ? this.snapshot.ready : false });
  };

  noteInvalidMessage = (): void => {
    this.commit({ invalidMessages: this.snapshot.invalidMessages + 1 });
  };

  // ---- actions: how features change what the store holds ----

  /** A session the API just returned (created, renamed, opened from a trace), shown before its `session` message arrives. */
  upsertSession(session: SessionInfo): void {
    this.setInfo(session);
    this.commit({});
  }

  /** The user removed the session (the proxy confirms with `session-removed`; applying it now keeps the list honest if the socket is down). */
  removeSession(sessionId: string): void {
    this.flush(); // what the socket said before the removal is applied first, not after it
    if (this.dispose(sessionId)) this.commit({});
  }

  /** The user answered a server request (the proxy confirms with `server-request-done`; applying it now closes the dialog at once). */
  answeredServerRequest(sessionId: string, requestId: string): void {
    this.flush();
    if (this.states.get(sessionId)?.pending.delete(requestId)) {
      this.pendingDirty = true;
      this.commit({});
    }
  }

  /** Merges the pending server requests listed by GET /api/server-requests. */
  mergePendingServerRequests(requests: readonly PendingServerRequest[]): void {
    this.flush(); // a queued `hello` clears the pending set; apply it first, not after the merge
    for (const request of requests) this.addPending(request);
    this.commit({});
  }

  /** A task snapshot from a route's reply (POST …/tasks, …/cancel…). Ignored for a session that is gone. */
  reportTask(task: TaskInfo): void {
    if (this.states.get(task.sessionId)?.tasks.put(task)) this.commit({});
  }

  /** The session's tasks as GET …/tasks or tasks/list listed them. */
  mergeTasks(sessionId: string, tasks: readonly TaskInfo[]): void {
    const state = this.states.get(sessionId);
    if (!state) return;
    let changed = false;
    for (const t of tasks) if (t.sessionId === sessionId && state.tasks.put(t)) changed = true;
    if (changed) this.commit({});
  }

  /** A request of the session finished: its progress is not needed any more. */
  forgetProgress(sessionId: string, callId: string): void {
    if (this.states.get(sessionId)?.progress.forget(callId)) this.commit({});
  }

  /** Changes a feature's per-session value (a no-op for a session that is gone: nothing is recreated). */
  updateSlot<T>(sessionId: string, slot: SessionSlot<T>, update: (prev: T) => T): void {
    const state = this.states.get(sessionId);
    if (state?.set(slot, update(state.get(slot)))) this.commit({});
  }

  /** Marks a once-per-session load as started; false when it already was (or the session is gone). */
  startLoad(sessionId: string, load: SessionLoad): boolean {
    const state = this.states.get(sessionId);
    if (!state || state.started.has(load)) return false;
    state.started.add(load);
    return true;
  }

  /** A load ended (or failed): a later page info may start it again. */
  endLoad(sessionId: string, load: SessionLoad): void {
    this.states.get(sessionId)?.started.delete(load);
  }

  /** Replaces a session's log with one built from `events` (in seq order), e.g. a whole offline trace. */
  replaceLog(sessionId: string, events: readonly SessionEvent[]): void {
    const state = this.states.get(sessionId);
    if (!state) return;
    const log = state.resetLog();
    for (const ev of events) log.append(ev);
    this.commit({});
  }

  /**
   * Findings of frames this page never received (it joined mid-session), read back from disk for
   * the backlog that started at frame `firstFrame`; `more` = matches the search left out. Ignored
   * when the log was rebuilt meanwhile (a whole offline trace starts at frame 0) or already has them.
   */
  addEarlierFindings(
    sessionId: string,
    firstFrame: number,
    matches: ReadonlyArray<{ index: number; frame: FrameEvent }>,
    more: number,
  ): void {
    this.flush(); // the backlog that followed the page info is applied first
    const log = this.states.get(sessionId)?.log;
    if (!log || log.findings.earlierLoaded || (log.findings.firstFrame ?? firstFrame) !== firstFrame) return;
    log.findings.addEarlier(matches, more);
    log.version++;
    this.commit({});
  }

  // ---- the socket's messages ----

  /** The session's state, created when the session is first heard of: the one place a SessionState is made. */
  private stateFor(sessionId: string): SessionState {
    let state = this.states.get(sessionId);
    if (!state) {
      const { fetchFrames, fetchEvents } = this.options;
      state = new SessionState(
        sessionId,
        this.memoryBudget,
        fetchFrames ? (index, limit) => fetchFrames(sessionId, index, limit) : noFrames,
        fetchEvents ? (from, limit) => fetchEvents(sessionId, from, limit) : undefined,
      );
      this.states.set(sessionId, state);
    }
    return state;
  }

  /** The one place a SessionState ends: everything it held goes with it. */
  private dispose(sessionId: string): boolean {
    const state = this.states.get(sessionId);
    if (!state) return false;
    this.states.delete(sessionId);
    if (state.info) this.sessionsDirty = true;
    if (state.pending.size > 0) this.pendingDirty = true;
    state.dispose();
    this.disposeListeners.emit(sessionId);
    return true;
  }

  private setInfo(session: SessionInfo): void {
    this.stateFor(session.id).info = session;
    this.sessionsDirty = true;
  }

  private addPending(request: PendingServerRequest): void {
    this.stateFor(request.sessionId).pending.set(request.requestId, request);
    this.pendingDirty = true;
  }

  private apply(message: WsServerMessage): void {
    if (isWsSessionEvent(message)) {
      this.stateFor(message.sessionId).log.append(message);
      return;
    }
    switch (message.type) {
      case 'session-page-info': {
        const { firstSeq, lastSeq, total, firstFrame, frames } = message;
        const info: PageInfo = { firstSeq, lastSeq, total, firstFrame, frames };
        const state = this.stateFor(message.sessionId);
        state.pageInfo = info;
        // A reconnect whose backlog starts after what this log holds: start over from the backlog.
        const log = state.log.lastSeq >= firstSeq - 1 ? state.log : state.resetLog();
        log.applyPageInfo(info);
        this.options.onPageInfo?.(message.sessionId, info);
        return;
      }
      case 'gap':
        this.stateFor(message.sessionId).log.skip(message);
        return;
      case 'request-progress':
        this.stateFor(message.sessionId).progress.report(message);
        return;
      case 'task':
        this.stateFor(message.task.sessionId).tasks.put(message.task);
        return;
      case 'hello': {
        const live = new Set(message.sessions.map((s) => s.id));
        for (const id of [...this.states.keys()]) if (!live.has(id)) this.dispose(id);
        for (const s of message.sessions) this.setInfo(s);
        // The backlog or GET /api/server-requests restores what is still open.
        for (const state of this.states.values()) state.pending.clear();
        this.sessionsDirty = this.pendingDirty = true;
        return;
      }
      case 'session':
        this.setInfo(message.session);
        return;
      case 'session-removed':
        this.dispose(message.sessionId);
        return;
      case 'server-request':
        this.addPending(message.request);
        return;
      case 'server-request-done':
        if (this.states.get(message.sessionId)?.pending.delete(message.requestId)) this.pendingDirty = true;
        return;
      case 'ready':
        return;
    }
  }

  private commit(changes: Partial<StoreSnapshot>): void {
    const prev = this.snapshot;
    const sessions = this.sessionsDirty ? this.sessionList() : prev.sessions;
    const pending = this.pendingDirty
      ? [...this.states.values()].flatMap((s) => [...s.pending.values()]).sort((a, b) => a.receivedAt - b.receivedAt)
      : prev.pending;
    this.sessionsDirty = this.pendingDirty = false;
    this.snapshot = { ...prev, ...changes, sessions, pending, version: prev.version + 1 };
    this.listeners.emit();
  }

  private sessionList(): SessionInfo[] {
    const list: SessionInfo[] = [];
    for (const state of this.states.values()) if (state.info) list.push(state.info);
    return list.sort((a, b) => a.createdAt - b.createdAt);
  }
}
