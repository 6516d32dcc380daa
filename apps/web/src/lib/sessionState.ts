import type { PendingServerRequest, SessionInfo } from '@mcpscope/wire';
import { FrameBodies, type FetchEvents } from './frameBodies';
import { FramePager, type FetchFrames } from './framePager';
import { RequestProgressStore } from './requestProgress';
import { SessionLog, type LogPageInfo } from './sessionLog';
import { SessionTasks } from './sessionTasks';

/**
 * A piece of per-session state that a feature defines (a tab's request history, a derived
 * index…) and the session's SessionState holds: it lives exactly as long as the session. Values
 * are immutable; a feature changes one with `store.updateSlot(sessionId, slot, fn)` and reads it
 * with `useSessionSlot(sessionId, slot)` (lib/services.tsx). `empty` is what a session without a
 * value (or no session) reads.
 */
export interface SessionSlot<T> {
  readonly name: string;
  readonly empty: T;
}

export function defineSessionSlot<T>(name: string, empty: T): SessionSlot<T> {
  return { name, empty };
}

const noEvents: FetchEvents = () => Promise.reject(new Error('no API to read events back from the proxy'));

/** Loads that run once per session (lib/offlinePages.ts, lib/earlierFindings.ts). */
export type SessionLoad = 'offline-pages' | 'earlier-findings';

/**
 * Everything the browser holds for one session: what the proxy reported (info, the event log,
 * the backlog's page info, waiting server requests, tasks, request progress), the frames paged
 * back from disk, the loads started for it and what features keep per session (slots). The
 * EventStore creates one when it first hears of a session and disposes it when the session is
 * removed (or a reconnect's `hello` no longer lists it); nothing else keeps anything keyed by
 * the session, so nothing outlives it.
 */
export class SessionState {
  info: SessionInfo | undefined;
  /** Replaced (never mutated back) when a reconnect's backlog no longer follows it or a trace is loaded whole. */
  log: SessionLog;
  /** Which events the /ws backlog carried (older ones are on disk). */
  pageInfo: LogPageInfo | undefined;
  /** Server→client requests waiting for the user, by requestId. */
  readonly pending = new Map<string, PendingServerRequest>();
  readonly tasks = new SessionTasks();
  /** The latest `notifications/progress` of each running POST …/requests call. */
  readonly progress = new RequestProgressStore();
  readonly started = new Set<SessionLoad>();
  /** Frames that left memory, read back from disk by ordinal; shared by every view of the session. */
  readonly pager: FramePager;
  /** The whole events of compact rows (big notifications /ws sent as a row), read back when shown. */
  readonly bodies: FrameBodies;
  private readonly slots = new Map<SessionSlot<unknown>, unknown>();
  disposed = false;

  constructor(
    readonly id: string,
    budget: number,
    fetchFrames: FetchFrames,
    fetchEvents: FetchEvents = noEvents,
  ) {
    this.pager = new FramePager(fetchFrames);
    this.bodies = new FrameBodies(fetchEvents);
    this.log = new SessionLog(id, budget);
    this.log.pager = this.pager;
  }

  /** Starts over with an empty log (or `log`), keeping the pager's cache of frames on disk. */
  resetLog(log = new SessionLog(this.id, this.log.budget)): SessionLog {
    log.pager = this.pager;
    this.log = log;
    return log;
  }

  get<T>(slot: SessionSlot<T>): T {
    return this.slots.has(slot) ? (this.slots.get(slot) as T) : slot.empty;
  }

  set<T>(slot: SessionSlot<T>, value: T): boolean {
    if (Object.is(this.get(slot), value)) return false;
    if (Object.is(value, slot.empty)) this.slots.delete(slot);
    else this.slots.set(slot, value);
    return true;
  }

  /** How many slots hold a value (tests check a disposed session holds none). */
  get slotCount(): number {
    return this.slots.size;
  }

  dispose(): void {
    this.disposed = true;
    this.slots.clear();
    this.pending.clear();
    this.tasks.clear();
    this.progress.clear();
    this.pager.dispose();
    this.bodies.dispose();
    this.log.pager = undefined;
  }
}
