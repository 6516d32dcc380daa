import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { filterNeedsAnswers, searchFramesVia } from './frame-reader.js';

// A session of 3 exchanges: tools/list (ok), tools/call (error), resources/read (error, answered last).
const frames: FrameEvent[] = [
  { type: 'frame', seq: 1, t: 0, sessionId: 's', dir: 'out', size: 1, msg: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
  {
    type: 'frame',
    seq: 2,
    t: 1,
    sessionId: 's',
    dir: 'in',
    size: 1,
    msg: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    pair: { requestSeq: 1, method: 'tools/list', latencyMs: 1 },
  },
  {
    type: 'frame',
    seq: 3,
    t: 2,
    sessionId: 's',
    dir: 'out',
    size: 1,
    msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope' } },
  },
  {
    type: 'frame',
    seq: 4,
    t: 3,
    sessionId: 's',
    dir: 'out',
    size: 1,
    msg: { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'x:' } },
  },
  {
    type: 'frame',
    seq: 5,
    t: 4,
    sessionId: 's',
    dir: 'in',
    size: 1,
    msg: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool' } },
    pair: { requestSeq: 3, method: 'tools/call', latencyMs: 2 },
  },
  {
    type: 'frame',
    seq: 6,
    t: 5,
    sessionId: 's',
    dir: 'in',
    size: 1,
    msg: { jsonrpc: '2.0', id: 3, error: { code: -32002, message: 'Not found' } },
    pair: { requestSeq: 4, method: 'resources/read', latencyMs: 2 },
  },
];
const source = async (index: number, limit: number) => frames.slice(index, index + limit);
const seqs = async (filter: string, before?: number) =>
  (await searchFramesVia(source, frames.length, { filter, limit: 100, ...(before !== undefined ? { before } : {}) })).matches.map(
    (m) => m.frame.seq,
  );

describe('searchFramesVia with is:error / is:failed', () => {
  it('is:error finds the error responses only', async () => {
    expect(await seqs('is:error')).toEqual([5, 6]);
  });
  it('is:failed finds both halves of each failed exchange', async () => {
    expect(await seqs('is:failed')).toEqual([3, 4, 5, 6]);
    expect(await seqs('is:failed is:request')).toEqual([3, 4]);
    expect(await seqs('-is:failed')).toEqual([1, 2]);
  });
  it('knows a request failed when its answer lies past `before`', async () => {
    expect(await seqs('is:failed', 4)).toEqual([3, 4]);
  });
  it('tells which filters need the answers', () => {
    expect(filterNeedsAnswers('method:tools/* is:failed')).toBe(true);
    expect(filterNeedsAnswers('is:error')).toBe(false);
    expect(filterNeedsAnswers(undefined)).toBe(false);
  });
});
