import { describe, expect, it } from 'vitest';
import type { FrameEvent, HttpEvent, SessionEvent, StderrEvent } from '@mcpscope/protocol';
import { diffTraces } from './diff-traces.js';
import { exchangesOf } from './exchanges.js';
import { compareValues, canonicalParams } from './compare.js';
import { toHar } from './har.js';
import { capDepth, TOO_DEEP } from './json-walk.js';
import { MockIndex } from './mock-index.js';
import { parseTrace } from './reader.js';
import { redact, redactEvent, redactSecretValues } from './redact.js';
import { SecretValues } from './secret-values.js';
import { TraceWriter, type TraceWriteStage } from './writer.js';

/** Nesting and Object.prototype names from a hostile server never throw and never lose a key. */
const DEPTH = 10_000;
const deepArray = (): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < DEPTH; i++) v = [v];
  return v;
};
const deepObject = (): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < DEPTH; i++) v = { a: v };
  return v;
};
/** Depth of the deepest container, iteratively. */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    max = Math.max(max, d + 1);
    for (const c of Object.values(v)) stack.push([c, d + 1]);
  }
  return max;
}

const frame = (seq: number, dir: 'in' | 'out', msg: Record<string, unknown>, extra: Partial<FrameEvent> = {}): FrameEvent => ({
  seq,
  t: seq,
  sessionId: 's1',
  type: 'frame',
  dir,
  msg,
  size: 10,
  ...extra,
});
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
/** A JSON text whose object has every Object.prototype name as an own key (JSON.parse keeps __proto__ as an own key). */
const protoJson = `{${PROTO_NAMES.map((n, i) => `"${n}":{"v":${i}}`).join(',')},"plain":"x"}`;

describe('redaction of hostile nesting', () => {
  for (const [name, make] of [
    ['arrays', deepArray],
    ['objects', deepObject],
  ] as const) {
    it(`caps ${DEPTH}-deep ${name} with a marker instead of overflowing the stack`, () => {
      const msg = { jsonrpc: '2.0', id: 1, result: make() };
      const out = redact(msg) as { result: unknown };
      expect(depthOf(out)).toBeLessThanOrEqual(257);
      expect(JSON.stringify(out)).toContain(TOO_DEEP);
      const secrets = new SecretValues(['sk-test-0123456789abcdef']);
      expect(() => redactSecretValues(msg, secrets)).not.toThrow();
      expect(() => redactEvent(frame(1, 'in', msg), secrets)).not.toThrow();
    });
  }

  it('keeps a value nested exactly to the limit unchanged', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 256; i++) v = [v];
    expect(redact(v)).toBe(v);
    expect(capDepth(v)).toBe(v);
  });
});

describe('TraceWriter never throws on one event', () => {
  for (const redactOn of [true, false]) {
    it(`writes a ${DEPTH}-deep frame as a readable line (redact ${redactOn})`, () => {
      const lines: string[] = [];
      const errors: TraceWriteStage[] = [];
      const writer = new TraceWriter(
        { write: (l) => lines.push(l) },
        { redact: redactOn, onError: (_e, _err, stage) => errors.push(stage) },
      );
      writer.writeHeader({
        tool: { name: 't', version: '1' },
        createdAt: new Date(0),
        session: { id: 's1', name: 'n', transport: 'stdio', target: 'x' },
      });
      for (const make of [deepArray, deepObject]) writer.write(frame(lines.length, 'in', { jsonrpc: '2.0', id: 1, result: make() }));
      writer.write(frame(9, 'in', { jsonrpc: '2.0', id: 2, result: {} }));
      const trace = parseTrace(lines.join(''));
      expect(trace.events.map((e) => e.seq)).toEqual([1, 2, 9]);
      expect(lines[1]).toContain(TOO_DEEP);
      // Without redaction JSON.stringify overflowed: the capped line carries an internal-error finding.
      expect(errors).toEqual(redactOn ? [] : ['serialize', 'serialize']);
      if (!redactOn) expect((trace.events[0] as FrameEvent).findings?.[0]).toMatchObject({ rule: 'internal-error', severity: 'info' });
    });
  }

  it('reports a failing sink instead of throwing', () => {
    const stages: TraceWriteStage[] = [];
    let fail = false;
    const writer = new TraceWriter(
      {
        write: () => {
          if (fail) throw new Error('ENOSPC');
        },
      },
      { onError: (_e, _err, stage) => stages.push(stage) },
    );
    writer.writeHeader({
      tool: { name: 't', version: '1' },
      createdAt: new Date(0),
      session: { id: 's1', name: 'n', transport: 'stdio', target: 'x' },
    });
    fail = true;
    expect(writer.write(frame(1, 'in', { jsonrpc: '2.0', id: 1, result: {} }))).toBe(false);
    expect(stages).toEqual(['sink']);
  });
});

describe('Object.prototype names from a server', () => {
  it('survive redaction as own keys, byte for byte', () => {
    const msg = JSON.parse(`{"jsonrpc":"2.0","id":1,"result":${protoJson}}`);
    const out = redact(frame(1, 'in', msg), { secrets: new SecretValues(['sk-test-0123456789abcdef']) });
    expect(JSON.stringify(out.msg)).toBe(JSON.stringify(msg));
    // A change elsewhere forces a copy: the copy still has __proto__ as an own key.
    const changed = redact(JSON.parse(`{"token":"t",${protoJson.slice(1)}`)) as Record<string, unknown>;
    expect(Object.keys(changed)).toEqual(['token', ...PROTO_NAMES, 'plain']);
    expect(Object.getPrototypeOf(changed)).toBe(Object.prototype);
    expect(JSON.stringify(changed)).toBe(`{"token":"[REDACTED]",${protoJson.slice(1)}`);
  });

  it('as methods, ids and keys pass exchanges, HAR, compare, diff and the mock index', () => {
    const events: SessionEvent[] = [];
    let seq = 0;
    for (const method of PROTO_NAMES) {
      const params = JSON.parse(protoJson);
      events.push(frame(++seq, 'out', { jsonrpc: '2.0', id: method, method, params }));
      events.push({
        seq: ++seq,
        t: seq,
        sessionId: 's1',
        type: 'http',
        method: 'POST',
        url: `http://x/mcp?${method}=%E0%A4%A`,
        status: 200,
        requestHeaders: JSON.parse(`{"__proto__":"h","constructor":"c"}`),
        durationMs: 1,
      } satisfies HttpEvent);
      events.push(
        frame(
          ++seq,
          'in',
          { jsonrpc: '2.0', id: method, result: JSON.parse(protoJson) },
          { pair: { requestSeq: seq - 2, method, latencyMs: 1 } },
        ),
      );
    }
    const xs = exchangesOf(events);
    expect(xs.map((x) => x.method)).toEqual(PROTO_NAMES);
    expect(xs.every((x) => x.response !== undefined)).toBe(true);

    const har = toHar({ createdAt: new Date(0).toISOString(), tool: { name: 't', version: '1' } }, events) as {
      log: { entries: Array<{ request: { headers: Array<{ name: string }>; queryString: unknown[]; postData?: { text: string } } }> };
    };
    expect(har.log.entries).toHaveLength(PROTO_NAMES.length);
    expect(har.log.entries[0].request.headers.map((h) => h.name)).toEqual(['__proto__', 'constructor']);
    expect(har.log.entries[0].request.postData?.text).toContain('"__proto__":{"v":0}');

    expect(compareValues(JSON.parse(protoJson), JSON.parse(protoJson))).toEqual([]);
    expect(compareValues({ a: 1 }, JSON.parse('{"a":1,"constructor":2,"__proto__":3}')).map((d) => [d.path, d.recorded, d.live])).toEqual([
      ['/constructor', undefined, 2],
      ['/__proto__', undefined, 3],
    ]);
    expect(canonicalParams(JSON.parse(protoJson))).toContain('"__proto__":{"v":0}');

    const diff = diffTraces(events, events);
    expect(diff.same).toBe(true);
    expect(diff.matched).toHaveLength(PROTO_NAMES.length);

    const mock = MockIndex.fromEvents(events);
    expect(mock.methods()).toEqual(PROTO_NAMES);
    for (const method of PROTO_NAMES) expect(mock.lookup(method, JSON.parse(protoJson))).toMatchObject({ found: true });
    expect(mock.lookup('hasOwnProperty', {})).toMatchObject({ found: false, closest: { method: 'hasOwnProperty' } });
  });

  it(`compare, diff and the mock index take ${DEPTH}-deep params and results`, () => {
    const events = [
      frame(1, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { deep: deepArray() } }),
      frame(2, 'in', { jsonrpc: '2.0', id: 1, result: { deep: deepObject() } }),
    ];
    const other = [events[0], frame(2, 'in', { jsonrpc: '2.0', id: 1, result: { deep: deepArray() } })];
    expect(diffTraces(events, events).same).toBe(true);
    const diff = diffTraces(events, other, { ignore: ['$..nothing'] });
    expect(diff.same).toBe(false);
    expect(() => JSON.stringify(diff.matched[0].differences)).not.toThrow();
    const mock = MockIndex.fromEvents(events);
    expect(mock.lookup('tools/call', { deep: deepArray() })).toMatchObject({ found: true });
    expect(mock.lookup('tools/call', { deep: deepObject() })).toMatchObject({ found: false });
    const har = toHar({ createdAt: new Date(0).toISOString(), tool: { name: 't', version: '1' } }, [
      ...events,
      { seq: 3, t: 3, sessionId: 's1', type: 'http', method: 'POST', url: 'http://x', requestHeaders: {}, durationMs: 1 } as HttpEvent,
    ]);
    expect(JSON.stringify(har)).toContain(TOO_DEEP.slice(1, -1));
  });

  it('redacts every occurrence of a session secret in stderr, raw frames and keys', () => {
    const secrets = new SecretValues(['sk-test-0123456789abcdef']);
    const stderr: StderrEvent = {
      seq: 1,
      t: 1,
      sessionId: 's1',
      type: 'stderr',
      text: 'key=sk-test-0123456789abcdef and again sk-test-0123456789abcdef',
    };
    expect(redactEvent(stderr, secrets).text).toBe('key=[REDACTED] and again [REDACTED]');
    const raw = frame(2, 'in', undefined as never, { raw: '{"k":"sk-test-0123456789abcdef"' });
    expect(redactEvent(raw, secrets).raw).toBe('{"k":"[REDACTED]"');
    expect(Object.keys(redactSecretValues({ 'sk-test-0123456789abcdef': 1 }, secrets))).toEqual(['[REDACTED]']);
  });
});
