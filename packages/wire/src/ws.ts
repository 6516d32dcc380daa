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
  | SessionEvent;

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
