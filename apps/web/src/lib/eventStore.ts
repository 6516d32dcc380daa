import type { SessionEvent } from '@mcpscope/protocol';
import type { PendingServerRequest, SessionInfo, WsServerMessage } from '@mcpscope/wire';
import { RequestProgressStore } from './requestProgress';
import { TaskStore } from './taskStore';
import { frameScheduler, type Schedule } from './scheduler';
import { DEFAULT_MEMORY_BUDGET, SessionLog, type LogPageInfo } from './sessionLog';
import type { SocketStatus } from './ws';
import { isSessionEvent } from './wsMessage';

export interface StoreSnapshot {
  /** Grows on every change; cheap to compare. */
  readonly version: number;
  readonly socket: SocketStatus;
  readonly socketDetail: string | undefined;
  /** True once the backlog after the latest (re)connect has been received. */
  readonly ready: boolean;
  /** Sorted by creation time; a new array only when a session changes. */
  readonly sessions: readonly SessionInfo[];
  /** Logs are mutable and append-only; subscribe to `log.version` for their changes. */
  readonly logs: ReadonlyMap<string, SessionLog>;
  readonly pending: readonly PendingServerRequest[];
  readonly invalidMessages: number;
}

/** Which events of a session the /ws backlog carried (`session-page-info`, sent for every session). */
export type PageInfo = LogPageInfo;

const pendingKey = (sessionId: string, requestId: string) => `${sessionId}\u0000${requestId}`;

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
 * tab. Four updates a second still show the log moving; the flood ends sooner (issue 15).
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
 * The browser's copy of everything the proxy reported. WS messages are queued and applied in
 * one batch per animation frame, so 1,000 frames arriving in a burst cost one render.
 * Framework-free: React reads it through useSyncExternalStore.
 */
export class EventStore {
  private readonly listeners = new Set<() => void>();
  private queue: WsServerMessage[] = [];
  private scheduled = false;
  private readonly sessions = new Map<string, SessionInfo>();
  private readonly logs = new Map<string, SessionLog>();
  private readonly pending = new Map<string, PendingServerRequest>();
  /** Progress of requests made through /api/sessions/:id/requests (`request-progress` messages). */
  readonly progress = new RequestProgressStore();
  /** Tasks of each session (`task` messages and GET …/tasks; lib/tasksApi.ts). */
  readonly tasks = new TaskStore();
  /** Per session: the seq range the backlog carried; older events are on disk (lib/offlinePages.ts, lib/framePager.ts). */
  readonly pageInfo = new Map<string, PageInfo>();
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
  ) {
    this.snapshot = {
      version: 0, socket: 'connecting', socketDetail: undefined, ready: false,
      sessions: [], logs: this.logs, pending: [], invalidMessages: 0,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): StoreSnapshot => this.snapshot;

  log(sessionId: string): SessionLog | undefined {
    return this.logs.get(sessionId);
  }

  /** Sets the byte budget of every session log (existing ones evict down to it). */
  setMemoryBudget(bytes: number): void {
    if (!(bytes > 0) || bytes === this.memoryBudget) return;
    this.memoryBudget = bytes;
    for (const log of this.logs.values()) log.setBudget(bytes);
    this.commit({});
  }

  /** A session log changed outside the socket (e.g. data read back from disk): views re-render. */
  touchLog(sessionId: string): void {
    const log = this.logs.get(sessionId);
    if (!log) return;
    log.version++;
    this.commit({});
  }

  /**
   * Queues a socket message; it is applied at the next animation frame (or `flush()`), later
   * during a burst or when rendering is costly (BURST_*, FLOOD_DELAY_MS, RENDER_PACING). A
   * batch from the proxy arrives as consecutive calls and is applied in the same flush: one
   * update, one render.
   */
  enqueue(message: WsServerMessage): void {
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    const delay = !this.snapshot.ready ? BURST_DELAY_MS : this.lastBatchSize >= BURST_THRESHOLD ? FLOOD_DELAY_MS : this.pacedDelay();
    this.schedule(() => this.flush(), delay);
  }

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

  setSocketStatus(socket: SocketStatus, socketDetail?: string): void {
    this.commit({ socket, socketDetail, ready: socket === 'open' ? this.snapshot.ready : false });
  }

  noteInvalidMessage(): void {
    this.commit({ invalidMessages: this.snapshot.invalidMessages + 1 });
  }

  /** A session the API just returned, shown before its `session` message arrives. */
  upsertSession(session: SessionInfo): void {
    this.apply({ type: 'session', session });
    this.commit({});
  }

  /** Merges the pending server requests listed by GET /api/server-requests. */
  mergePendingServerRequests(requests: readonly PendingServerRequest[]): void {
    this.flush(); // a queued `hello` clears the pending set; apply it first, not after the merge
    for (const request of requests) this.apply({ type: 'server-request', request });
    this.commit({});
  }

  /** Replaces a session's log with one built from `events` (in seq order), e.g. a whole offline trace. */
  replaceLog(sessionId: string, events: readonly SessionEvent[]): void {
    const log = this.newLog(sessionId);
    for (const ev of events) log.append(ev);
    this.commit({});
  }

  /** The session's log, made empty when it has none yet. */
  private logFor(sessionId: string): SessionLog {
    return this.logs.get(sessionId) ?? this.newLog(sessionId);
  }

  private newLog(sessionId: string): SessionLog {
    const log = new SessionLog(sessionId, this.memoryBudget);
    this.logs.set(sessionId, log);
    return log;
  }

  private apply(message: WsServerMessage): void {
    if (message.type === 'session-page-info') {
      const { firstSeq, lastSeq, total, firstFrame, frames } = message as typeof message & Partial<LogPageInfo>;
      const info: PageInfo = { firstSeq, lastSeq, total, firstFrame, frames };
      this.pageInfo.set(message.sessionId, info);
      const held = this.logs.get(message.sessionId);
      // A reconnect whose backlog starts after what this log holds: start over from the backlog.
      const log = held && held.lastSeq >= firstSeq - 1 ? held : this.newLog(message.sessionId);
      log.applyPageInfo(info);
      return;
    }
    if (message.type === 'gap') {
      this.logFor(message.sessionId).skip(message);
      return;
    }
    if (message.type === 'request-progress') return this.progress.report(message);
    if (message.type === 'task') return this.tasks.report(message.task);
    if (isSessionEvent(message)) {
      this.logFor(message.sessionId).append(message);
      return;
    }
    switch (message.type) {
      case 'hello': {
        const live = new Set(message.sessions.map((s) => s.id));
        this.sessions.clear();
        for (const s of message.sessions) this.sessions.set(s.id, s);
        for (const id of [...this.logs.keys()]) if (!live.has(id)) this.logs.delete(id);
        this.pending.clear(); // the backlog or GET /api/server-requests restores what is still open
        this.sessionsDirty = this.pendingDirty = true;
        break;
      }
      case 'session':
        this.sessions.set(message.session.id, message.session);
        this.sessionsDirty = true;
        break;
      case 'session-removed':
        this.sessions.delete(message.sessionId);
        this.logs.delete(message.sessionId);
        this.tasks.forgetSession(message.sessionId);
        for (const [key, req] of this.pending) if (req.sessionId === message.sessionId) this.pending.delete(key);
        this.sessionsDirty = this.pendingDirty = true;
        break;
      case 'server-request':
        this.pending.set(pendingKey(message.request.sessionId, message.request.requestId), message.request);
        this.pendingDirty = true;
        break;
      case 'server-request-done':
        this.pendingDirty = this.pending.delete(pendingKey(message.sessionId, message.requestId)) || this.pendingDirty;
        break;
      case 'ready':
        break;
    }
  }

  private commit(changes: Partial<StoreSnapshot>): void {
    const prev = this.snapshot;
    const sessions = this.sessionsDirty ? [...this.sessions.values()].sort((a, b) => a.createdAt - b.createdAt) : prev.sessions;
    const pending = this.pendingDirty ? [...this.pending.values()].sort((a, b) => a.receivedAt - b.receivedAt) : prev.pending;
    this.sessionsDirty = this.pendingDirty = false;
    this.snapshot = { ...prev, ...changes, sessions, pending, logs: this.logs, version: prev.version + 1 };
    for (const listener of [...this.listeners]) listener();
  }
}
