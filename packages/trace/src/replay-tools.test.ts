import { describe, expect, it } from 'vitest';
import type { Direction, SessionEvent } from '@mcpscope/protocol';
import { compareDetailed, compareValues } from './compare.js';
import { anyIndexPointer, expectedStringDifference, markMatches, pointerMatches } from './expected-differences.js';
import { diffTraces } from './diff-traces.js';
import { toHar } from './har.js';
import { MockIndex } from './mock-index.js';

function session(exchanges: Array<[method: string, params: unknown, answer: Record<string, unknown>, latency?: number]>): SessionEvent[] {
  const events: SessionEvent[] = [];
  let seq = 0;
  let t = 0;
  const frame = (dir: Direction, msg: Record<string, unknown>, extra = {}) =>
    events.push({ type: 'frame', seq: ++seq, t, sessionId: 's', dir, msg: { jsonrpc: '2.0', ...msg }, size: 1, ...extra });
  exchanges.forEach(([method, params, answer, latency = 5], i) => {
    frame('out', { id: i + 1, method, params });
    const requestSeq = seq;
    t += latency;
    frame('in', { id: i + 1, ...answer }, { pair: { requestSeq, method, latencyMs: latency } });
    t += 1;
  });
  return events;
}

describe('compareValues', () => {
  it('ignores ids, _meta, timestamps and the given JSONPaths, and reports the rest by pointer', () => {
    const a = {
      result: {
        id: 1,
        _meta: { x: 1 },
        createdAt: 'yesterday',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'same' },
        ],
        n: 1,
      },
    };
    const b = {
      result: {
        id: 2,
        _meta: { x: 2 },
        createdAt: 'today',
        content: [
          { type: 'text', text: 'b' },
          { type: 'text', text: 'same' },
        ],
        n: 2,
      },
    };
    expect(compareValues(a, b)).toEqual([
      { path: '/result/content/0/text', recorded: 'a', live: 'b' },
      { path: '/result/n', recorded: 1, live: 2 },
    ]);
    expect(compareValues(a, b, { ignore: ['$.result.content[*].text', '$.result.n'] })).toEqual([]);
  });
});

describe('diffTraces', () => {
  it('matches requests by method and params, diffs answers and reports latency changes', () => {
    const left = session([
      ['tools/list', {}, { result: { tools: [{ name: 'echo' }] } }, 5],
      ['tools/call', { name: 'echo', arguments: { m: 'hi' } }, { result: { content: [{ type: 'text', text: 'hi' }] } }, 5],
    ]);
    const right = session([
      ['tools/list', {}, { result: { tools: [{ name: 'echo' }, { name: 'new' }] } }, 9],
      ['tools/call', { name: 'echo', arguments: { m: 'hi' } }, { result: { content: [{ type: 'text', text: 'hi' }] } }, 5],
    ]);
    const diff = diffTraces(left, right);
    expect(diff.same).toBe(false);
    expect(diff.matched).toHaveLength(2);
    expect(diff.matched[0].differences).toEqual([{ path: '/result/tools/1', recorded: undefined, live: { name: 'new' } }]);
    expect(diff.matched[0].latencyDeltaMs).toBe(4);
    expect(diff.matched[1].differences).toEqual([]);
    expect(diffTraces(left, left).same).toBe(true);
  });

  it('reports requests only one side made', () => {
    const diff = diffTraces(session([['ping', {}, { result: {} }]]), session([['tools/list', {}, { result: { tools: [] } }]]));
    expect(diff.onlyLeft.map((x) => x.method)).toEqual(['ping']);
    expect(diff.onlyRight.map((x) => x.method)).toEqual(['tools/list']);
  });
});

describe('MockIndex', () => {
  const index = MockIndex.fromEvents(
    session([
      ['tools/call', { name: 'echo', arguments: { message: 'hi' } }, { result: { content: [{ type: 'text', text: 'hi' }] } }],
      ['tools/call', { name: 'add', arguments: { a: 1, b: 2 } }, { result: { content: [{ type: 'text', text: '3' }] } }],
      ['resources/read', { uri: 'x://nope' }, { error: { code: -32002, message: 'not found' } }],
    ]),
  );

  it('answers a recorded request, ignoring _meta', () => {
    expect(index.lookup('tools/call', { _meta: { progressToken: 7 }, arguments: { message: 'hi' }, name: 'echo' })).toEqual({
      found: true,
      answer: { result: { content: [{ type: 'text', text: 'hi' }] } },
    });
    expect(index.lookup('resources/read', { uri: 'x://nope' })).toEqual({
      found: true,
      answer: { error: { code: -32002, message: 'not found' } },
    });
  });

  it('names the closest recorded request when nothing matches', () => {
    expect(index.lookup('tools/call', { name: 'add', arguments: { a: 1, b: 3 } })).toEqual({
      found: false,
      closest: { method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
    });
    expect(index.lookup('tools/cal', { name: 'echo' })).toMatchObject({ found: false, closest: { method: 'tools/call' } });
  });
});

describe('toHar', () => {
  it('turns HTTP exchanges into HAR 1.2 entries with the JSON-RPC bodies', () => {
    const events: SessionEvent[] = [
      { type: 'frame', seq: 1, t: 1, sessionId: 's', dir: 'out', msg: { jsonrpc: '2.0', id: 1, method: 'ping' }, size: 1 },
      {
        type: 'frame',
        seq: 2,
        t: 4,
        sessionId: 's',
        dir: 'in',
        msg: { jsonrpc: '2.0', id: 1, result: {} },
        size: 1,
        pair: { requestSeq: 1, method: 'ping', latencyMs: 3 },
      },
      {
        type: 'http',
        seq: 3,
        t: 4,
        sessionId: 's',
        method: 'POST',
        url: 'http://127.0.0.1:1/mcp?x=1',
        status: 200,
        requestHeaders: { authorization: '[REDACTED]' },
        responseHeaders: { 'content-type': 'application/json' },
        contentType: 'application/json',
        durationMs: 3,
      },
    ];
    const har = toHar({ createdAt: '2026-01-01T00:00:00.000Z', tool: { name: 'mcpscope', version: '1' } }, events) as {
      log: { version: string; entries: Array<Record<string, any>> };
    };
    expect(har.log.version).toBe('1.2');
    const [entry] = har.log.entries;
    expect(entry.request.postData.text).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(entry.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(JSON.parse(entry.response.content.text)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(entry.startedDateTime).toBe('2026-01-01T00:00:00.001Z');
  });
});

describe('compareDetailed: what is expected to differ is ignored and reported', () => {
  const run = (stamp: string, task: string, root: string) => ({
    result: {
      content: [
        { type: 'text', text: `Resource 1: created at ${stamp}` },
        { type: 'text', text: `Task created: ${task}` },
        { type: 'text', text: `Roots: ${root}` },
        { type: 'text', text: 'the same' },
      ],
      task: { taskId: task, status: 'working', lastUpdatedAt: stamp },
    },
  });
  const a = run('3:36:16 AM', '283a1d95-a78f-4fc6-8248-8da20eef7568', 'file:///home/a/project');
  const b = run('3:36:35 AM', 'ff23b2f7-dfa6-4256-8f5c-0104c4195b53', 'file:///tmp/b');

  it('timestamps and generated ids in text, task ids, file:// roots: no difference, each ignored with its reason', () => {
    const c = compareDetailed(a, b);
    expect(c.differences).toEqual([]);
    expect(c.ignored.map((i) => [i.path, i.reasons])).toEqual([
      ['/result/content/0/text', ['timestamp in text']],
      ['/result/content/1/text', ['generated id in text']],
      ['/result/content/2/text', ['roots']],
      ['/result/task/taskId', ['task id']],
      ['/result/task/lastUpdatedAt', ['volatile key']],
    ]);
  });

  it('a real change next to a timestamp is still a difference; defaults: false compares everything', () => {
    const c = compareDetailed({ t: 'ok at 10:00' }, { t: 'FAILED at 10:01' });
    expect(c.differences.map((d) => d.path)).toEqual(['/t']);
    expect(compareDetailed(a, b, { defaults: false }).differences).toHaveLength(5);
    expect(compareDetailed(a, b, { defaults: false }).ignored).toEqual([]);
  });

  it('marks: a JSON pointer with * for any index (a subtree included), or a JSONPath', () => {
    const x = {
      result: {
        content: [
          { text: 'a', n: 1 },
          { text: 'b', n: 1 },
        ],
        total: 1,
      },
    };
    const y = {
      result: {
        content: [
          { text: 'A', n: 1 },
          { text: 'B', n: 2 },
        ],
        total: 2,
      },
    };
    const c = compareDetailed(x, y, { ignore: ['/result/content/*/text', '$.result.total'] });
    expect(c.differences.map((d) => d.path)).toEqual(['/result/content/1/n']);
    expect(c.ignored.map((i) => [i.path, i.reasons[0]])).toEqual([
      ['/result/content/0/text', 'marked expected'],
      ['/result/content/1/text', 'marked expected'],
      ['/result/total', 'marked expected'],
    ]);
    expect(compareDetailed(x, y, { ignore: ['/result/content'] }).differences.map((d) => d.path)).toEqual(['/result/total']);
    expect(anyIndexPointer('/result/content/12/text')).toBe('/result/content/*/text');
    expect(pointerMatches('/a/*', '/a/b/c')).toBe(true);
    expect(pointerMatches('/a/x', '/a/b')).toBe(false);
  });

  it('a mark scoped to one request applies to that request’s responses only', () => {
    const mark = 'tools/call echo|/result/n';
    expect(compareDetailed({ result: { n: 1 } }, { result: { n: 2 } }, { ignore: [mark], scope: 'tools/call echo' }).differences).toEqual(
      [],
    );
    expect(
      compareDetailed({ result: { n: 1 } }, { result: { n: 2 } }, { ignore: [mark], scope: 'tools/call add' }).differences,
    ).toHaveLength(1);
    expect(markMatches('a|b|/x', 'a|b', '/x/y')).toBe(true);
    expect(markMatches('$.x', undefined, '/x')).toBe(false);
  });

  it('normalizing is linear on hostile strings, and huge ones are compared as they are', () => {
    const long = `${'9'.repeat(100_000)}:`;
    expect(expectedStringDifference(long, `${long}x`)).toBeUndefined();
    expect(expectedStringDifference('x'.repeat(300_000), 'y'.repeat(300_000))).toBeUndefined();
  });
});
