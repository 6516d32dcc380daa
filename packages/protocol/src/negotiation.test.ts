import { describe, expect, it } from 'vitest';
import type { FrameEvent } from './events.js';
import { expectedError } from './negotiation.js';

const frame = (seq: number, dir: 'in' | 'out', msg: Record<string, unknown>, extra: Partial<FrameEvent> = {}): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq,
  sessionId: 's1',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 10,
  ...extra,
});
const probe = frame(1, 'out', { id: 'probe', method: 'server/discover', params: {} }, { origin: { by: 'mcpscope', reason: 'handshake' } });
const notFound = frame(2, 'in', { id: 'probe', error: { code: -32601, message: 'Method not found' } });

describe('expectedError', () => {
  it('names the era probe answered -32601 as expected, with the reason', () => {
    const e = expectedError(probe, notFound)!;
    expect(e.label).toBe('era probe');
    expect(e.reason).toContain('-32601');
    expect(e.reason).toContain('legacy');
    expect(expectedError(probe, frame(2, 'in', { id: 'probe', error: { code: -32602, message: 'bad version' } }))?.reason).toContain(
      '(-32602)',
    );
  });

  it('leaves the user’s own requests, successes, other methods and hostile shapes alone', () => {
    const mine = frame(1, 'out', { id: 1, method: 'server/discover' }, { origin: { by: 'user', reason: 'composer: send' } });
    expect(expectedError(mine, notFound)).toBeUndefined();
    expect(expectedError(frame(1, 'out', { id: 1, method: 'server/discover' }), notFound)).toBeUndefined();
    expect(expectedError(probe, frame(2, 'in', { id: 'probe', result: {} }))).toBeUndefined();
    expect(
      expectedError(frame(1, 'out', { id: 1, method: 'tools/call' }, { origin: { by: 'mcpscope', reason: 'handshake' } }), notFound),
    ).toBeUndefined();
    expect(expectedError(undefined, notFound)).toBeUndefined();
    const hostile = { ...probe, origin: Object.create({ by: 'mcpscope' }) } as FrameEvent;
    expect(expectedError(hostile, notFound)).toBeUndefined();
    expect(expectedError(probe, frame(2, 'in', { id: 'probe', error: 'nope' }))?.label).toBe('era probe');
  });
});
