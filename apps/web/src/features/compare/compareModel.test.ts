import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import type { CompareReply, TraceSummary } from '../../lib/tracesApi';
import { compareView, formatDelta, parseIgnore, parseSource, sourceOptions } from './compareModel';

const reply: CompareReply = {
  matched: [
    { method: 'tools/list', params: {}, left: { method: 'tools/list', seq: 3, latencyMs: 5 }, right: { method: 'tools/list', seq: 4, latencyMs: 9 }, differences: [], latencyDeltaMs: 4 },
    {
      method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } },
      left: { method: 'tools/call', seq: 5, latencyMs: 12 }, right: { method: 'tools/call', seq: 6, latencyMs: 10 },
      differences: [{ path: '$.result.content[0].text', recorded: 'hi', live: 'HI' }],
    },
  ],
  onlyLeft: [{ method: 'prompts/list', seq: 9 }],
  onlyRight: [],
  same: false,
};

describe('compare view model', () => {
  it('builds matched rows with latencies, deltas and differences, then the unmatched ones', () => {
    const v = compareView(reply);
    expect(v.rows.map((r) => [r.method, r.leftSeq, r.rightSeq, r.leftMs, r.rightMs, r.deltaMs, r.same])).toEqual([
      ['tools/list', 3, 4, 5, 9, 4, true],
      ['tools/call', 5, 6, 12, 10, -2, false],
    ]);
    expect(v.rows[1].params).toBe('{"name":"echo","arguments":{"text":"hi"}}');
    expect(v.rows[1].differences).toEqual([{ path: '$.result.content[0].text', recorded: 'hi', live: 'HI' }]);
    expect(v.onlyLeft).toEqual([{ key: 'l-9-0', method: 'prompts/list', params: '', seq: 9, latencyMs: undefined }]);
    expect(v.summary).toBe('Different: 2 matched, 1 differ, 1 only left');
    expect(compareView({ matched: [], onlyLeft: [], onlyRight: [], same: true }).summary).toBe('Same: 0 matched, 0 differ');
  });

  it('parses sources and ignore paths, and lists sessions before traces', () => {
    expect(parseSource('trace:2026-01-01-demo-s1')).toEqual({ traceId: '2026-01-01-demo-s1' });
    expect(parseSource('session:s:2')).toEqual({ sessionId: 's:2' });
    expect(parseSource('trace:')).toBeNull();
    expect(parseSource('nope')).toBeNull();
    expect(parseIgnore(' $.a , $.b\n\n$.c ')).toEqual(['$.a', '$.b', '$.c']);
    const session = { id: 's1', name: 'demo', state: 'closed', offline: true } as SessionInfo;
    const trace = { id: 't1', name: 'demo trace', live: true } as TraceSummary;
    expect(sourceOptions([trace], [session])).toEqual([
      { value: 'session:s1', label: 'demo (offline)', group: 'Sessions' },
      { value: 'trace:t1', label: 'demo trace (live)', group: 'Traces' },
    ]);
  });

  it('formats latency deltas with a sign', () => {
    expect(formatDelta(12.4)).toBe('+12 ms');
    expect(formatDelta(-3)).toBe('−3 ms');
    expect(formatDelta(0.2)).toBe('±0 ms');
    expect(formatDelta(undefined)).toBe('');
  });
});
