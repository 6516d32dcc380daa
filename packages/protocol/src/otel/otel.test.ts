import { describe, expect, it } from 'vitest';
import type { FrameEvent, ServerSpan } from '../events.js';
import { spansFromOtlp, unixNanoToMs } from './otlp-spans.js';
import { SPAN_CAPS, capServerSpan } from './span-caps.js';
import { SpanTree } from './span-tree.js';
import { cleanTracestate, formatTraceparent, messageTraceContext, parseTraceparent } from './trace-context.js';

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const S = '00f067aa0ba902b7';

describe('trace context', () => {
  it('parses and formats W3C traceparent', () => {
    expect(parseTraceparent(`00-${T}-${S}-01`)).toEqual({ traceId: T, spanId: S, flags: '01' });
    expect(formatTraceparent(T, S)).toBe(`00-${T}-${S}-01`);
    // A later version may append fields; version 00 may not; ff is invalid; zero ids are invalid.
    expect(parseTraceparent(`01-${T}-${S}-01-extra`)).toMatchObject({ traceId: T });
    for (const bad of [
      `00-${T}-${S}-01-x`,
      `ff-${T}-${S}-01`,
      `00-${'0'.repeat(32)}-${S}-01`,
      `00-${T}-${'0'.repeat(16)}-01`,
      `00-${T.toUpperCase()}-${S}-01`,
      42,
      'x'.repeat(300),
    ]) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('reads trace context from params._meta, own keys only', () => {
    const msg = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { _meta: { traceparent: `00-${T}-${S}-01`, tracestate: 'rojo=1' } },
    };
    expect(messageTraceContext(msg)).toEqual({ traceId: T, spanId: S, flags: '01', traceState: 'rojo=1' });
    const inherited = JSON.parse('{"params":{"__proto__":{"_meta":{}}}}');
    expect(messageTraceContext(inherited)).toBeUndefined();
    expect(cleanTracestate('a=\u0007')).toBeUndefined();
    expect(cleanTracestate('a'.repeat(513))).toBeUndefined();
  });
});

const kv = (key: string, value: unknown) => ({ key, value });

function request(spans: unknown[], resource: unknown[] = [kv('service.name', { stringValue: 'demo' })]) {
  return { resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'demo-scope' }, spans }] }] };
}

const base = {
  traceId: T,
  spanId: S,
  name: 'tools/call work',
  kind: 2,
  startTimeUnixNano: '1700000000001000000',
  endTimeUnixNano: '1700000000003500000',
};

describe('spansFromOtlp', () => {
  it('reads OTLP/JSON spans onto the session clock', () => {
    const { spans, rejected } = spansFromOtlp(
      request([
        {
          ...base,
          parentSpanId: '1111111111111111',
          attributes: [
            kv('mcp.method.name', { stringValue: 'tools/call' }),
            kv('n', { intValue: '7' }),
            kv('big', { intValue: '9007199254740993' }),
          ],
          status: { code: 2, message: 'boom' },
          events: [{ name: 'e', timeUnixNano: '1700000000002000000' }],
        },
      ]),
      { startedAt: 1_700_000_000_000, maxSpans: 10 },
    );
    expect(rejected).toBe(0);
    expect(spans[0]).toMatchObject({
      traceId: T,
      spanId: S,
      parentSpanId: '1111111111111111',
      name: 'tools/call work',
      kind: 'server',
      start: 1,
      end: 3.5,
      status: { code: 'error', message: 'boom' },
      service: 'demo',
      scope: 'demo-scope',
      events: [{ name: 'e', time: 2 }],
      attributes: [
        { key: 'mcp.method.name', value: 'tools/call' },
        { key: 'n', value: 7 },
        { key: 'big', value: '9007199254740993' },
      ],
    });
    expect(unixNanoToMs('1500')).toBe(0.0015);
  });

  it('caps what a hostile sender controls and counts what it left out', () => {
    const attrs = Array.from({ length: 100 }, (_, i) => kv(`k${i}`, { stringValue: 'x'.repeat(10_000) }));
    let deep: unknown = { stringValue: 'bottom' };
    for (let i = 0; i < 50; i++) deep = { arrayValue: { values: [deep] } };
    const { spans, rejected } = spansFromOtlp(
      request([
        { ...base, name: 'n'.repeat(5000), attributes: [...attrs, kv('deep', deep)] },
        { ...base, traceId: 'nothex' },
        { ...base, spanId: '0'.repeat(16) },
        { ...base, kvlist: { __proto__: 1 } },
        ...Array.from({ length: 5 }, () => base),
      ]),
      { startedAt: 0, maxSpans: 3 },
    );
    expect(spans).toHaveLength(3);
    expect(rejected).toBe(6);
    expect(spans[0].name.length).toBeLessThanOrEqual(SPAN_CAPS.name + 1);
    expect(spans[0].attributes).toHaveLength(SPAN_CAPS.attributes);
    expect((spans[0].attributes[0].value as string).length).toBeLessThanOrEqual(SPAN_CAPS.string + 1);
    expect(spans[0].dropped).toBeGreaterThanOrEqual(37);
  });

  it('keeps a __proto__ key of a kvlist as data', () => {
    const { spans } = spansFromOtlp(
      request([{ ...base, attributes: [kv('m', { kvlistValue: { values: [kv('__proto__', { stringValue: 'polluted' })] } })] }]),
      { startedAt: 0, maxSpans: 1 },
    );
    const value = spans[0].attributes[0].value as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores what is not an export request', () => {
    for (const junk of [null, 1, 'x', [], { resourceSpans: 'x' }, { resourceSpans: [null, { scopeSpans: [null, { spans: 'x' }] }] }]) {
      expect(spansFromOtlp(junk, { startedAt: 0, maxSpans: 10 })).toEqual({ spans: [], rejected: 0 });
    }
  });
});

describe('capServerSpan', () => {
  const span: ServerSpan = { traceId: T, spanId: S, name: 'x', kind: 'server', start: 1, end: 2, attributes: [{ key: 'a', value: 'b' }] };
  it('keeps a valid span as it is and refuses a broken one', () => {
    expect(capServerSpan(span)).toEqual(span);
    expect(capServerSpan({ ...span, kind: 'evil' })).toBeUndefined();
    expect(capServerSpan({ ...span, start: 'x' })).toBeUndefined();
    expect(capServerSpan({ ...span, spanId: 'zz' })).toBeUndefined();
  });
  it('caps a crafted trace line again', () => {
    const capped = capServerSpan({
      ...span,
      attributes: Array.from({ length: 500 }, (_, i) => ({ key: `k${i}`, value: [[[[['deep']]]]] })),
    })!;
    expect(capped.attributes).toHaveLength(SPAN_CAPS.attributes);
    expect(JSON.stringify(capped.attributes[0].value)).toContain('[nested too deep]');
    expect(capped.dropped).toBeGreaterThan(0);
  });
});

describe('SpanTree', () => {
  const frame = (seq: number, spanId: string): FrameEvent => ({
    type: 'frame',
    seq,
    t: seq,
    sessionId: 's',
    dir: 'out',
    size: 1,
    msg: { jsonrpc: '2.0', id: seq, method: 'tools/call', params: { name: 'x', _meta: { traceparent: formatTraceparent(T, spanId) } } },
  });
  const span = (spanId: string, parentSpanId: string | undefined, start: number, traceId = T): ServerSpan => ({
    traceId,
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name: spanId,
    kind: 'internal',
    start,
    end: start + 1,
    attributes: [],
  });

  it('nests spans under the request whose trace context they continue, whatever order they arrive in', () => {
    const tree = new SpanTree();
    tree.addFrame(frame(1, 'aaaaaaaaaaaaaaaa'));
    tree.addFrame(frame(2, 'bbbbbbbbbbbbbbbb'));
    tree.addSpan({ seq: 10, span: span('cccccccccccccccc', 'dddddddddddddddd', 5) }); // the child first
    expect(tree.underRequest(1)).toEqual([]);
    expect(tree.unmatched().map((n) => n.span.spanId)).toEqual(['cccccccccccccccc']);
    tree.addSpan({ seq: 11, span: span('dddddddddddddddd', 'aaaaaaaaaaaaaaaa', 4) });
    tree.addSpan({ seq: 12, span: span('eeeeeeeeeeeeeeee', 'ffffffffffffffff', 1) }); // parent never seen
    tree.addSpan({ seq: 13, span: span('1234123412341234', 'bbbbbbbbbbbbbbbb', 9, 'f'.repeat(32)) }); // another trace
    expect(tree.underRequest(1).map((n) => [n.span.spanId, n.depth])).toEqual([
      ['dddddddddddddddd', 0],
      ['cccccccccccccccc', 1],
    ]);
    expect(tree.underRequest(2)).toEqual([]);
    expect(tree.unmatched().map((n) => n.span.spanId)).toEqual(['eeeeeeeeeeeeeeee', '1234123412341234']);
    expect(tree.requestOf('cccccccccccccccc')).toBe(1);
  });

  it('ends a hostile parent cycle', () => {
    const tree = new SpanTree();
    tree.addFrame(frame(1, 'aaaaaaaaaaaaaaaa'));
    tree.addSpan({ seq: 2, span: span('1111111111111111', '2222222222222222', 1) });
    tree.addSpan({ seq: 3, span: span('2222222222222222', '1111111111111111', 1) });
    expect(tree.underRequest(1)).toEqual([]);
    expect(tree.unmatched()).toHaveLength(2);
  });
});
