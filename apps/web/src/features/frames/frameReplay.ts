import { frameKind, type FrameEvent } from '@mcpscope/protocol';
import type { ReplayMessage } from '../../lib/composerPrefill';
import { frameAppChannel } from './frameChannel';

/** What can be sent again from a frame: an outgoing request or notification to the server. */
export interface Replayable {
  message: ReplayMessage;
  notification: boolean;
}

/**
 * The frame's message when it can be replayed, else why not. Only what mcpscope sent to the
 * server (dir `out`, the server connection): a response to a server request answered a request
 * that is gone, an incoming frame was the server's, and an app-channel frame went to an MCP App
 * view, not the server. Read defensively: a trace may carry anything.
 */
export function replayableFrame(frame: FrameEvent): { ok: true; value: Replayable } | { ok: false; reason: string } {
  if (frame.dir !== 'out') return { ok: false, reason: 'The server sent this frame: only what mcpscope sent can be replayed' };
  if (frameAppChannel(frame)) return { ok: false, reason: 'A message to an MCP App view, not to the server: it cannot be replayed' };
  const kind = frameKind(frame);
  if (kind !== 'request' && kind !== 'notification') {
    return {
      ok: false,
      reason:
        kind === 'raw' || kind === 'invalid'
          ? 'Not a JSON-RPC request'
          : 'A response to a server request: it answered a request that is over',
    };
  }
  const msg = frame.msg as Record<string, unknown> | undefined;
  if (!msg || typeof msg.method !== 'string' || msg.method === '') return { ok: false, reason: 'Not a JSON-RPC request' };
  return { ok: true, value: { message: msg as ReplayMessage, notification: kind === 'notification' } };
}

/** The request's `_meta.progressToken`, when it asked for progress (read defensively). */
export function progressTokenOf(message: ReplayMessage): string | number | undefined {
  const params = Object.hasOwn(message, 'params') ? message.params : undefined;
  const meta =
    params !== null && typeof params === 'object' && Object.hasOwn(params, '_meta') ? (params as { _meta: unknown })._meta : undefined;
  const token =
    meta !== null && typeof meta === 'object' && Object.hasOwn(meta, 'progressToken')
      ? (meta as { progressToken: unknown }).progressToken
      : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/**
 * Why a request still in flight cannot be sent again as is: its progress token would be
 * shared by two active requests (spec 2026-07-28 basic/patterns/progress, 2025-11-25
 * basic/utilities/progress: "Progress tokens … MUST be unique across all active requests").
 */
export const activeTokenReason = (seq: number) =>
  `#${seq} is still awaiting its response and its progressToken would be reused: progress tokens MUST be unique across all active requests (spec: basic/patterns/progress). Edit and replay lets you change it.`;

/** The origin reason of a replay of frame `seq` (the frame log's Origin column shows it). */
export const replayReason = (seq: number) => `frames: replay #${seq}` as const;

/** The reason a recorded session cannot replay, shown on hover. */
export const TRACE_REPLAY_REASON =
  'This session was opened from a trace: nothing is sent to a recording. Use Edit and replay to send it from a live session.';
