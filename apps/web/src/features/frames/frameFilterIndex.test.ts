import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../lib/sessionLog';
import { notification, rawFrame, request, response, syntheticFrames } from '../../lib/testFrames';
import { FrameFilterIndex, emptyQuery } from './frameFilterIndex';

function logOf(frames = [request(1, 1, 'tools/list'), response(2, 1), notification(3, 'notifications/message'), request(4, 2, 'tools/call'), rawFrame(5, 'oops not json'), response(6, 2)]) {
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
    expect(q({ text: 'is:error' })).toEqual([5]); // a frame with an error finding
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
