import type { FrameEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { recordedListing } from './recordedListing';

let seq = 0;
function frame(dir: 'in' | 'out', msg: Record<string, unknown>): FrameEvent {
  const m = { jsonrpc: '2.0', ...msg };
  seq++;
  return { type: 'frame', seq, t: seq, sessionId: 's', dir, msg: m, size: JSON.stringify(m).length } as FrameEvent;
}
const list = (id: number | string, cursor?: string) => frame('out', { id, method: 'tools/list', params: cursor ? { cursor } : {} });
const page = (id: number | string, names: string[], nextCursor?: string) =>
  frame('in', { id, result: { tools: names.map((name) => ({ name })), ...(nextCursor ? { nextCursor } : {}) } });

describe('recordedListing', () => {
  it('reads every page of the last complete listing, by cursor', () => {
    const frames = [list(1), page(1, ['old']), list(2), page(2, ['a', 'b'], 'c1'), list(3, 'c1'), page(3, ['c'])];
    const r = recordedListing(frames, 'tools/list');
    expect(r?.complete).toBe(true);
    expect(r?.pages.flatMap((p) => (p.tools as { name: string }[]).map((t) => t.name))).toEqual(['a', 'b', 'c']);
  });

  it('keeps the last complete listing over a later one left unfinished; a partial one only when none completed', () => {
    const frames = [list(1), page(1, ['x']), list(2), page(2, ['y'], 'more')];
    expect(recordedListing(frames, 'tools/list')).toMatchObject({ complete: true, pages: [{ tools: [{ name: 'x' }] }] });
    expect(recordedListing([list(5), page(5, ['y'], 'more')], 'tools/list')).toMatchObject({
      complete: false,
      pages: [{ tools: [{ name: 'y' }] }],
    });
  });

  it('pairs by id and type (3 is not "3"), skips errors, other methods and responses without a request', () => {
    const frames = [
      frame('out', { id: 7, method: 'prompts/list' }),
      frame('in', { id: 7, result: { tools: [{ name: 'not-a-tools-list' }] } }),
      list('3'),
      frame('in', { id: 3, result: { tools: [{ name: 'wrong-id-type' }] } }),
      frame('in', { id: '3', error: { code: -32603, message: 'boom' } }),
      page(99, ['unasked']),
    ];
    expect(recordedListing(frames, 'tools/list')).toBeUndefined();
  });

  it('ignores a continuation page whose cursor does not follow the run', () => {
    const frames = [list(1), page(1, ['a'], 'c1'), list(2, 'other'), page(2, ['zzz'])];
    expect(recordedListing(frames, 'tools/list')).toMatchObject({ complete: false, pages: [{ tools: [{ name: 'a' }] }] });
  });
});
