// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyMarks, EXPECTED_KEY, expectedMarksStore, markExpected, marksFor, pairKey, unmarkExpected } from './expectedMarks';

afterEach(() => {
  localStorage.clear();
  expectedMarksStore.set({ global: [], pairs: [] });
});

describe('expected marks', () => {
  it('are kept per pair or for every comparison, in localStorage, and removable', () => {
    const pair = pairKey('trace:a', 'session:node x.js');
    markExpected(pair, 'tools/call echo', '/result/content/0/text');
    markExpected(null, 'tools/call clock', '/result/content/0/text');
    expect(marksFor(expectedMarksStore.getSnapshot(), pair)).toEqual([
      'tools/call clock|/result/content/0/text',
      'tools/call echo|/result/content/0/text',
    ]);
    expect(marksFor(expectedMarksStore.getSnapshot(), 'other')).toEqual(['tools/call clock|/result/content/0/text']);
    expect(JSON.parse(localStorage.getItem(EXPECTED_KEY)!).pairs[0][0]).toBe(pair);
    unmarkExpected(pair, 'tools/call echo|/result/content/0/text');
    expect(expectedMarksStore.getSnapshot().pairs).toEqual([]);
  });

  it('apply to one request’s differences now: marked ones move to ignored', () => {
    const diffs = [
      { path: '/result/content/0/text', recorded: 'a', live: 'b' },
      { path: '/result/n', recorded: 1, live: 2 },
    ];
    const r = applyMarks(diffs, [], ['tools/call echo|/result/content/0/text'], 'tools/call echo');
    expect(r.differences.map((d) => d.path)).toEqual(['/result/n']);
    expect(r.ignored).toEqual([{ path: '/result/content/0/text', recorded: 'a', live: 'b', reasons: ['marked expected'] }]);
    expect(applyMarks(diffs, [], ['tools/call echo|/result/content/0/text'], 'tools/call add').differences).toHaveLength(2);
  });
});
