import { describe, expect, it } from 'vitest';
import { frameMethod, type FrameEvent } from '@mcpscope/protocol';
import { compactFrame } from '@mcpscope/wire';
import { SessionLog } from '../../lib/sessionLog';
import { notification, rawFrame, request, response, syntheticFrames } from '../../lib/testFrames';
import { FrameFilterIndex, emptyQuery } from './frameFilterIndex';

function errorResponse(seq: number, id: number, requestSeq: number) {
  const msg = { jsonrpc: '2.0', id, error: { code: -32602, message: 'Unknown tool' } };
  return {
    type: 'frame' as const,
    seq,
    t: seq,
    sessionId: 's1',
    dir: 'in' as const,
    msg,
    size: 60,
    pair: { requestSeq, method: 'tools/call', latencyMs: 1 },
  };
}

function logOf(
  frames = [
    request(1, 1, 'tools/list'),
    response(2, 1),
    notification(3, 'notifications/message'),
    request(4, 2, 'tools/call'),
    rawFrame(5, 'oops not json'),
    response(6, 2),
  ],
) {
  const log = new SessionLog('s1');
  frames.forEach((f) => log.append(f));
  return log;
}
const seqs = (idx: FrameFilterIndex) => Array.from({ length: idx.count }, (_, i) => idx.frameAt(i)!.seq);

describe('FrameFilterIndex', () => {
  it('is the identity without a query', () => {
    const idx = new FrameFilterIndex(logOf(), emptyQuery);
    expect(idx.update()).toBe(6);
    expect(idx.rowOfSeq(4)).toBe(3);
  });

  it('applies the grammar, the quick filters and the exact method pick', () => {
    const log = logOf();
    const q = (patch: Partial<typeof emptyQuery>) => {
      const idx = new FrameFilterIndex(log, { ...emptyQuery, ...patch });
      idx.update();
      return seqs(idx);
    };
    expect(q({ dir: 'out' })).toEqual([1, 4]);
    expect(q({ kind: 'raw' })).toEqual([5]);
    expect(q({ kind: 'response' })).toEqual([2, 6]);
    expect(q({ method: 'tools/list' })).toEqual([1, 2]); // the response answers tools/list
    expect(q({ text: 'method:tools/*' })).toEqual([1, 2, 4, 6]);
    expect(q({ text: 'oops' })).toEqual([5]);
    expect(q({ text: '-is:response -is:raw', dir: 'in' })).toEqual([3]);
    expect(q({ text: 'is:error' })).toEqual([]); // no error response (5 has an error finding: has:error)
    expect(q({ text: 'has:error' })).toEqual([5]);
  });

  it('is:error shows the error responses; is:failed adds the requests they answer, also when the answer comes later', () => {
    const log = logOf([
      request(1, 1, 'tools/list'),
      response(2, 1, 2, 's1', { requestSeq: 1, method: 'tools/list', latencyMs: 1 }),
      request(3, 2, 'tools/call'),
    ]);
    const errorIdx = new FrameFilterIndex(log, { ...emptyQuery, kind: 'error' });
    const failedIdx = new FrameFilterIndex(log, { ...emptyQuery, kind: 'failed' });
    const okIdx = new FrameFilterIndex(log, { ...emptyQuery, text: '-is:failed' });
    expect([errorIdx.update(), failedIdx.update(), okIdx.update()]).toEqual([0, 0, 3]);
    log.append(request(4, 3, 'ping'));
    log.append(errorResponse(5, 2, 3)); // answers #3, sent before #4
    expect(errorIdx.update()).toBe(1);
    expect(seqs(errorIdx)).toEqual([5]);
    expect(failedIdx.update()).toBe(2);
    expect(seqs(failedIdx)).toEqual([3, 5]);
    expect(failedIdx.rowOfSeq(3)).toBe(0);
    expect(okIdx.update()).toBe(3);
    expect(seqs(okIdx)).toEqual([1, 2, 4]);
    // Tested in one go (answer already there): the same rows.
    const fresh = new FrameFilterIndex(log, { ...emptyQuery, text: 'is:failed' });
    fresh.update();
    expect(seqs(fresh)).toEqual([3, 5]);
  });

  it('scans only appended frames and maps seq to row', () => {
    const log = logOf();
    const idx = new FrameFilterIndex(log, { ...emptyQuery, dir: 'in' });
    expect(idx.update()).toBe(4);
    log.append(request(7, 3, 'ping'));
    log.append(response(8, 3));
    expect(idx.update()).toBe(5);
    expect(idx.rowOfSeq(8)).toBe(4);
    expect(idx.rowOfSeq(7)).toBe(-1);
  });

  it('filters 100,000 frames by text fast enough to type into', () => {
    const log = new SessionLog('s1');
    syntheticFrames(100_000).forEach((f) => log.append(f));
    const start = performance.now();
    const idx = new FrameFilterIndex(log, { ...emptyQuery, text: 'resources/read -dir:in' });
    expect(idx.update()).toBeGreaterThan(5_000);
    const again = new FrameFilterIndex(log, { ...emptyQuery, text: 'stray' });
    expect(again.update()).toBe(100);
    // ~300 ms on a quiet 2-core box; the bound only guards against accidental O(n²) work.
    expect(performance.now() - start).toBeLessThan(5000);
  });
});

describe('FrameFilterIndex over a log that left frames on disk', () => {
  const all = syntheticFrames(3000);
  function budgeted() {
    const log = new SessionLog('s1', 200 * 1024);
    all.forEach((f) => log.append(f));
    expect(log.frames.base).toBeGreaterThan(1000);
    return log;
  }
  const pager = (cached: (i: number) => boolean) => ({
    get: (i: number) => (cached(i) ? all[i] : undefined),
    indexOfSeq: (seq: number) => {
      const i = all.findIndex((f) => f.seq === seq);
      return i >= 0 && cached(i) ? i : -1;
    },
  });

  it('covers every frame of the session; rows below the window come from the pager', () => {
    const log = budgeted();
    const idx = new FrameFilterIndex(
      log,
      emptyQuery,
      pager((i) => i < 500),
    );
    expect(idx.update()).toBe(3000);
    expect(idx.frameAt(0)).toBe(all[0]);
    expect(idx.frameAt(700)).toBeUndefined(); // its page is loading
    expect(idx.frameAt(2999)!.seq).toBe(all[2999].seq);
    expect(idx.rowOfSeq(all[10].seq)).toBe(10);
    expect(idx.rowOfSeq(all[2990].seq)).toBe(2990);
  });

  it('with a filter: older matches from the search, shown above the in-memory ones', async () => {
    const log = budgeted();
    const base = log.frames.base;
    let asked: unknown;
    let changed = 0;
    const search = async (q: { before?: number; method?: string; limit: number }) => {
      asked = q;
      const hits = all.map((frame, index) => ({ index, frame })).filter((m) => m.index < q.before! && m.frame.msg?.method === 'tools/call');
      return { matches: hits.slice(-20), truncated: hits.length > 20, total: hits.length };
    };
    const idx = new FrameFilterIndex(log, { ...emptyQuery, method: 'tools/call' }, { ...pager(() => false), search }, () => changed++);
    const local = idx.update();
    expect(asked).toEqual({ before: base, limit: 1000, method: 'tools/call' });
    expect(idx.searching).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(changed).toBe(1);
    expect(idx.update()).toBe(local + 20);
    expect(idx.olderMore).toBeGreaterThan(0);
    const rows = Array.from({ length: idx.count }, (_, i) => idx.frameAt(i)!);
    expect(rows.every((f) => frameMethod(f) === 'tools/call')).toBe(true);
    expect(rows.map((f) => f.seq)).toEqual([...rows.map((f) => f.seq)].sort((a, b) => a - b));
    expect(idx.rowOfSeq(rows[3].seq)).toBe(3);
    expect(idx.frameBySeq(rows[3].seq)).toBe(rows[3]);
    idx.loadOlder();
    expect(asked).toMatchObject({ before: rows[0] && all.indexOf(rows[0]) });
  });

  it('re-asks the proxy when frames leave memory before they were tested', async () => {
    const log = new SessionLog('s1', 200 * 1024);
    all.slice(0, 100).forEach((f) => log.append(f));
    const befores: number[] = [];
    const idx = new FrameFilterIndex(
      log,
      { ...emptyQuery, kind: 'request' },
      { ...pager(() => false), search: async (q) => (befores.push(q.before!), { matches: [], truncated: false, total: 0 }) },
    );
    idx.update();
    expect(befores).toEqual([]); // nothing on disk yet
    all.slice(100).forEach((f) => log.append(f));
    idx.update();
    expect(befores).toEqual([log.frames.base]);
  });

  it('a text term over compact rows: the proxy searches every frame so far (their bodies are there), structured terms stay local', async () => {
    const whole = (seq: number): FrameEvent => {
      const msg = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: { pad: 'p'.repeat(600), tag: `deep-${seq}` } },
      } as FrameEvent['msg'];
      return { type: 'frame', sessionId: 's1', seq, t: seq, dir: 'in', size: JSON.stringify(msg).length, msg };
    };
    const wholes = [request(1, 1, 'tools/list'), response(2, 1), ...[3, 4, 5].map(whole)];
    const log = logOf(wholes.map(compactFrame));
    expect(log.compactFrames).toBe(3);
    let asked: { before?: number; filter?: string } | undefined;
    const search = async (q: { before?: number; filter?: string; limit: number }) => {
      asked = q;
      const hits = wholes
        .map((frame, index) => ({ index, frame }))
        .filter((m) => m.index < q.before! && JSON.stringify(m.frame).includes('deep-4'));
      return { matches: hits, truncated: false, total: hits.length };
    };
    const idx = new FrameFilterIndex(log, { ...emptyQuery, text: 'deep-4' }, { ...pager(() => false), search });
    expect(idx.update()).toBe(0); // the tag is past the row's preview: not found here
    expect(asked).toMatchObject({ before: 5, filter: 'deep-4' });
    await new Promise((r) => setTimeout(r, 0));
    expect(idx.update()).toBe(1);
    expect(idx.frameAt(0)).toBe(wholes[3]); // the whole frame, from the proxy
    asked = undefined;
    const structured = new FrameFilterIndex(log, { ...emptyQuery, text: 'method:notifications/*' }, { ...pager(() => false), search });
    expect(structured.update()).toBe(3);
    expect(asked).toBeUndefined();
  });
});
