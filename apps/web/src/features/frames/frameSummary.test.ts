import type { FrameEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { DETAIL_CHARS, summarizeFrame } from './frameSummary';

const frame = (extra: Partial<FrameEvent>): FrameEvent => ({ type: 'frame', seq: 1, t: 1, sessionId: 's1', dir: 'in', size: 1, ...extra });

describe('summarizeFrame: the row detail is one line of a cell', () => {
  it('a raw line is cut to DETAIL_CHARS (a 64 MiB line laid out whole froze the tab)', () => {
    const s = summarizeFrame(frame({ raw: 'x'.repeat(10 * DETAIL_CHARS) }), undefined);
    expect(s.kind).toBe('raw');
    expect(s.detail).toBe(`${'x'.repeat(DETAIL_CHARS)}…`);
    expect(summarizeFrame(frame({ raw: 'Server started' }), undefined).detail).toBe('Server started');
  });

  it("an error's code and message, the message cut the same way", () => {
    const msg = { jsonrpc: '2.0' as const, id: 1, error: { code: -32000, message: 'm'.repeat(5 * DETAIL_CHARS) } };
    const s = summarizeFrame(frame({ msg }), undefined);
    expect(s.kind).toBe('error');
    expect(s.detail.startsWith('-32000 mmm')).toBe(true);
    expect(s.detail.length).toBe(DETAIL_CHARS + 1);
    expect(summarizeFrame(frame({ msg: { ...msg, error: { code: -32601, message: 'Method not found' } } }), undefined).detail).toBe('-32601 Method not found');
  });
});
