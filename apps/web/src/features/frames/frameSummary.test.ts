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
    expect(summarizeFrame(frame({ msg: { ...msg, error: { code: -32601, message: 'Method not found' } } }), undefined).detail).toBe(
      '-32601 Method not found',
    );
  });
});

describe('summarizeFrame: rows name their target', () => {
  it('a request and its answer name the tool, resource or prompt; the era probe answered -32601 is expected, not an error', async () => {
    const { SessionLog } = await import('../../lib/sessionLog');
    const log = new SessionLog('s1');
    const add = (seq: number, dir: 'in' | 'out', msg: Record<string, unknown>, extra: Partial<FrameEvent> = {}) => {
      log.append({ type: 'frame', seq, t: seq, sessionId: 's1', dir, size: 1, msg: { jsonrpc: '2.0', ...msg }, ...extra });
      return log.frameBySeq(seq)!;
    };
    const probe = add(1, 'out', { id: 'p', method: 'server/discover', params: {} }, { origin: { by: 'mcpscope', reason: 'handshake' } });
    const refused = add(2, 'in', { id: 'p', error: { code: -32601, message: 'Method not found' } });
    const call = add(3, 'out', { id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } });
    const result = add(4, 'in', { id: 1, result: { content: [] } });
    const read = add(5, 'out', { id: 2, method: 'resources/read', params: { uri: 'file:///tmp/a\u202etxt' } });
    const failed = add(6, 'in', { id: 2, error: { code: -32002, message: 'not found' } });
    expect(summarizeFrame(call, log).target).toBe('echo');
    expect(summarizeFrame(result, log).target).toBe('echo');
    expect(summarizeFrame(read, log).target).toBe('file:///tmp/a\ufffdtxt');
    expect(summarizeFrame(probe, log).expected).toBeUndefined();
    expect(summarizeFrame(refused, log).expected?.label).toBe('era probe');
    expect(summarizeFrame(failed, log).expected).toBeUndefined();
    expect(summarizeFrame(failed, log).kind).toBe('error');
  });
});
