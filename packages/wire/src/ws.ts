import type { SessionEvent } from '@mcpscope/protocol';
import type { PendingServerRequest } from './api.js';
import type { SessionInfo } from './session.js';
import type { RequestProgressMessage } from './workbench.js';
import type { SessionPageInfo } from './traces.js';
import type { TaskMessage } from './tasks.js';

/**
 * Messages the proxy sends on /ws. On connect: one `hello`, then the backlog of every open
 * session's events in order, then `ready`, then live messages. Session events are sent as the
 * engine made them (`type: "frame" | "stderr" | "http" | "lifecycle" | "oauth"`).
 * `request-progress` carries each `notifications/progress` of a POST …/requests call; `task`
 * each change of a task (issue 13; not in the backlog: GET …/tasks).
 */
export type WsServerMessage =
  | { type: 'hello'; wireVersion: number; sessions: SessionInfo[] }
  | { type: 'ready' }
  | { type: 'session'; session: SessionInfo }
  | { type: 'session-removed'; sessionId: string }
  | { type: 'server-request'; request: PendingServerRequest }
  | { type: 'server-request-done'; sessionId: string; requestId: string }
  | RequestProgressMessage
  | TaskMessage
  | SessionPageInfo
  | WsGap
  | SessionEvent;

/** The `type` of a gap marker. */
export const WS_GAP_TYPE = 'gap';

/**
 * Events of a session this tab was not sent (issue 15): it fell behind by more than the proxy
 * queues for one tab (its memory budget: it would have dropped them from memory anyway), so the
 * oldest waiting events were skipped and the newest follow. Every event with fromSeq ≤ seq ≤ toSeq
 * that the tab had not received is on disk (GET …/frames pages frames back by ordinal); `events`
 * were skipped, `frames` of them frames, so the next frame the tab receives has the ordinal
 * (frames it received) + `frames`.
 */
export interface WsGap {
  type: typeof WS_GAP_TYPE;
  sessionId: string;
  fromSeq: number;
  toSeq: number;
  events: number;
  frames: number;
  /** Of the frames: notifications, and of those `notifications/message` from the server (the Notifications view's counts). */
  notifications: number;
  logs: number;
}

/** The `type` of a batch; no other message uses it. */
export const WS_BATCH_TYPE = 'batch';

/**
 * Several messages in one WebSocket message (issue 15): the proxy sends what one tick produced
 * (up to ~64 KiB) together, in order; a lone message is sent as itself. A client applies the
 * `messages` in order, exactly as if each had come on its own.
 */
export interface WsBatch {
  type: typeof WS_BATCH_TYPE;
  messages: WsServerMessage[];
}

/** What one /ws WebSocket message holds. */
export type WsServerFrame = WsServerMessage | WsBatch;
