import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import type { CompareReply, TraceSummary } from '../../lib/tracesApi';
import { compareView, formatDelta, parseIgnore, parseSource, sourceOptions, traceLabel } from './compareModel';

const reply: CompareReply = {
  matched: [
    {
      method: 'tools/list',
      params: {},
      left: { method: 'tools/list', seq: 3, latencyMs: 5 },
      right: { method: 'tools/list', seq: 4, latencyMs: 9 },
      differences: [],
      latencyDeltaMs: 4,
    },
    {
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
      left: { method: 'tools/call', seq: 5, latencyMs: 12 },
      right: { method: 'tools/call', seq: 6, latencyMs: 10 },
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
    expect(v.rows.map((r) => r.label)).toEqual(['tools/list', 'tools/call echo']);
    expect(v.rows[1].differences).toEqual([{ path: '$.result.content[0].text', recorded: 'hi', live: 'HI' }]);
    expect(v.onlyLeft).toEqual([{ key: 'l-9-0', method: 'prompts/list', label: 'prompts/list', params: '', seq: 9, latencyMs: undefined }]);
    expect(v.summary).toBe('Different: 2 matched, 1 differ, 1 only left');
    expect(compareView({ matched: [], onlyLeft: [], onlyRight: [], same: true }).summary).toBe('Same: 0 matched, 0 differ');
  });

  it('parses sources and ignore paths, and lists sessions before traces', () => {
    expect(parseSource('trace:2026-01-01-demo-s1')).toEqual({ traceId: '2026-01-01-demo-s1' });
    expect(parseSource('session:s:2')).toEqual({ sessionId: 's:2' });
    expect(parseSource('trace:')).toBeNull();
    expect(parseSource('nope')).toBeNull();
    expect(parseIgnore(' $.a , $.b\n\n$.c ')).toEqual(['$.a', '$.b', '$.c']);
    const T = new Date(2026, 6, 1, 14, 2, 11).getTime();
    const base = { state: 'closed', transport: 'stdio', target: 'node index.js', createdAt: T, wrapped: false } as const;
    const everything = { name: 'everything', version: '2.0.0' };
    const sessions: SessionInfo[] = [
      { ...base, id: 's1', name: 'demo', offline: true },
      { ...base, id: 's2', name: 'index.js', state: 'connected', serverInfo: everything },
      { ...base, id: 's3', name: 'index.js', state: 'connected', serverInfo: everything, transport: 'http', createdAt: T + 1000 },
      { ...base, id: 's4', name: 'no-such', state: 'failed' },
      { ...base, id: 's5', name: 'index.js', serverInfo: everything, replayOf: 't1' },
    ];
    const trace = { id: 't1', name: 'demo trace', live: true, createdAt: new Date(T).toISOString() } as TraceSummary;
    expect(sourceOptions([trace], sessions, T)).toEqual([
      { value: 'session:s3', label: 'everything v2.0.0 #3 · http · 14:02:12', group: 'Live sessions' },
      { value: 'session:s2', label: 'everything v2.0.0 #2 · stdio · 14:02:11', group: 'Live sessions' },
      { value: 'session:s5', label: 'everything v2.0.0 #5 · stdio · 14:02:11 (replay)', group: 'Ended sessions' },
      { value: 'session:s4', label: 'no-such · stdio · 14:02:11 (failed)', group: 'Ended sessions' },
      { value: 'session:s1', label: 'demo · stdio · 14:02:11', group: 'Offline sessions' },
      { value: 'trace:t1', label: 'demo trace · 2026-07-01 14:02:11 (recording)', group: 'Trace files' },
    ]);
  });

  it('labels a trace by its cleaned name and date', () => {
    const t = (patch: Partial<TraceSummary>) =>
      ({ id: 'x-s1', name: 'n', live: false, createdAt: '2026-07-01T12:00:00.000Z', ...patch }) as TraceSummary;
    expect(traceLabel(t({ name: 'a\u202eb' }))).toMatch(/^a b · 2026-07-01 \d\d:00:00$/);
    expect(traceLabel(t({ name: '', createdAt: 'not a date' }))).toBe('x-s1');
    // Named as its session was: the server's own name once it said it, the user's when renamed.
    expect(
      traceLabel(t({ name: 'index.js', serverInfo: { name: 'everything', title: 'Everything Reference Server', version: '2.0.0' } })),
    ).toMatch(/^Everything Reference Server v2\.0\.0 · /);
    expect(traceLabel(t({ name: 'mine', named: true, serverInfo: { name: 'everything', version: '2.0.0' } }))).toMatch(/^mine v2\.0\.0 · /);
  });

  it('formats latency deltas with a sign', () => {
    expect(formatDelta(12.4)).toBe('+12 ms');
    expect(formatDelta(-3)).toBe('−3 ms');
    expect(formatDelta(0.2)).toBe('±0 ms');
    expect(formatDelta(undefined)).toBe('');
  });
});

describe('compare view with the user’s marks', () => {
  it('a row whose only difference is marked expected is the same; the ignored ones are listed', () => {
    const marked = compareView(
      {
        ...reply,
        matched: reply.matched.map((m) => ({ ...m, differences: m.differences.map((d) => ({ ...d, path: '/result/content/0/text' })) })),
      },
      ['tools/call echo|/result/content/0/text'],
    );
    const row = marked.rows.find((r) => r.method === 'tools/call')!;
    expect(row.same).toBe(true);
    expect(row.ignored.map((i) => i.reasons)).toEqual([['marked expected']]);
    expect(marked.summary).toContain('1 with expected differences ignored');
  });
});
