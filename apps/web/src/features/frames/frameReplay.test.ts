import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { notification, rawFrame, request, response } from '../../lib/testFrames';
import { replayableFrame, replayReason } from './frameReplay';

describe('replayableFrame', () => {
  it('an outgoing request or notification can be replayed', () => {
    expect(replayableFrame(request(1, 7, 'tools/call'))).toEqual({
      ok: true,
      value: { message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} }, notification: false },
    });
    expect(replayableFrame(notification(2, 'notifications/roots/list_changed', 'out'))).toMatchObject({
      ok: true,
      value: { notification: true },
    });
  });

  it('what the server sent, an answer to a server request, an app-channel frame or a raw line cannot', () => {
    const reasons = [
      response(1, 1),
      notification(2, 'notifications/message', 'in'),
      { ...response(3, 4), dir: 'out' } as FrameEvent,
      { ...request(4, 1, 'ui/initialize'), channel: 'app', app: { uri: 'ui://x', view: 'v1' } } as FrameEvent,
      { ...rawFrame(5, 'junk'), dir: 'out' } as FrameEvent,
    ].map((f) => replayableFrame(f));
    expect(reasons.map((r) => r.ok)).toEqual([false, false, false, false, false]);
    expect(reasons.map((r) => (!r.ok ? r.reason : ''))).toEqual([
      expect.stringContaining('server sent'),
      expect.stringContaining('server sent'),
      expect.stringContaining('response to a server request'),
      expect.stringContaining('MCP App view'),
      expect.stringContaining('Not a JSON-RPC request'),
    ]);
  });

  it('names the replayed frame in the origin', () => {
    expect(replayReason(12)).toBe('frames: replay #12');
  });
});
