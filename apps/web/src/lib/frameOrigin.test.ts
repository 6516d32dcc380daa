import type { FrameEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { frameBoundary, frameOrigin, originLabel, originSentence } from './frameOrigin';

const out = (extra: Record<string, unknown>): FrameEvent =>
  ({
    type: 'frame',
    seq: 1,
    t: 0,
    sessionId: 's',
    dir: 'out',
    msg: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
    size: 10,
    ...extra,
  }) as FrameEvent;

describe('frameOrigin', () => {
  it('reads the origin of an outgoing frame and labels it', () => {
    const user = frameOrigin(out({ origin: { by: 'user', reason: 'tools: call' } }))!;
    expect(originLabel(user)).toBe('you · tools: call');
    expect(originSentence(user)).toBe('sent because you asked: tools: call');
    expect(originLabel(frameOrigin(out({ origin: { by: 'mcpscope', reason: 'handshake' } }))!)).toBe('auto · handshake');
  });

  it('ignores what a crafted trace puts there: wrong shapes, inherited keys, incoming frames', () => {
    expect(frameOrigin(out({}))).toBeUndefined();
    expect(frameOrigin(out({ origin: 'user' }))).toBeUndefined();
    expect(frameOrigin(out({ origin: { by: 'admin', reason: 'x' } }))).toBeUndefined();
    expect(frameOrigin(out({ origin: { by: 'user', reason: 5 } }))).toBeUndefined();
    expect(frameOrigin(out({ origin: Object.create({ by: 'user', reason: 'inherited' }) }))).toBeUndefined();
    expect(frameOrigin(out({ dir: 'in', origin: { by: 'user', reason: 'x' } }))).toBeUndefined();
    expect(frameOrigin(out({ origin: { by: 'user', reason: 'r'.repeat(5000) } }))!.reason).toHaveLength(200);
  });
});

describe('frameBoundary', () => {
  const init = (reason: string, by = 'mcpscope') => out({ msg: { jsonrpc: '2.0', id: 0, method: 'initialize' }, origin: { by, reason } });
  it('marks the initialize mcpscope sends for a new session or after the era probe', () => {
    expect(frameBoundary(init('new session: the server forgot the old one (HTTP 404)'))).toBe('new-session');
    expect(frameBoundary(init('era fallback: server/discover answered HTTP 500'))).toBe('era-fallback');
    expect(frameBoundary(init('handshake'))).toBeUndefined();
    expect(frameBoundary(init('new session', 'user'))).toBeUndefined();
    expect(frameBoundary(out({ origin: { by: 'mcpscope', reason: 'new session: x' } }))).toBeUndefined();
  });
});
