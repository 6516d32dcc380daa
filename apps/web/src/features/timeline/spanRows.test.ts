import { describe, expect, it } from 'vitest';
import type { FrameEvent, ServerSpan, SpanEvent } from '@mcpscope/protocol';
import { SessionLog } from '../../lib/sessionLog';
import { Waterfall, rowAt, rowCount, rowOfSeq } from './waterfall';

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const traced = (seq: number, id: number, spanId: string): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq * 10,
  sessionId: 's1',
  dir: 'out',
  size: 10,
  msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', _meta: { traceparent: `00-${T}-${spanId}-01` } } },
  added: ['params._meta.traceparent'],
});
const answer = (seq: number, id: number): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq * 10,
  sessionId: 's1',
  dir: 'in',
  size: 10,
  msg: { jsonrpc: '2.0', id, result: {} },
});
const span = (seq: number, spanId: string, parentSpanId: string, name: string): SpanEvent => {
  const s: ServerSpan = { traceId: T, spanId, parentSpanId, name, kind: 'internal', start: seq, end: seq + 5, attributes: [] };
  return { type: 'span', seq, t: seq * 10, sessionId: 's1', span: s };
};

describe('server spans in the waterfall', () => {
  it("nests each request's spans under its bar, whatever order they came in, and finds bars past them", () => {
    const log = new SessionLog('s1');
    for (const e of [
      traced(1, 1, 'aaaaaaaaaaaaaaaa'),
      answer(2, 1),
      traced(3, 2, 'bbbbbbbbbbbbbbbb'),
      answer(4, 2),
      traced(5, 3, 'cccccccccccccccc'),
    ])
      log.append(e);
    // The tool's child (depth 1) arrives before the server's span (depth 0).
    log.append(span(6, 'dddddddddddddddd', 'eeeeeeeeeeeeeeee', 'demo.echo.format'));
    log.append(span(7, 'eeeeeeeeeeeeeeee', 'aaaaaaaaaaaaaaaa', 'tools/call echo'));
    log.append(span(8, 'ffffffffffffffff', 'cccccccccccccccc', 'tools/call echo'));
    log.append(span(9, '1111111111111111', '9999999999999999', 'elsewhere'));
    const w = new Waterfall(log);
    w.update();
    // header, bar 1, its 2 spans, bar 3, bar 5, its span.
    expect(rowCount(w)).toBe(7);
    expect(rowAt(w, 1)).toMatchObject({ kind: 'bar', bar: { seq: 1 } });
    expect(rowAt(w, 2)).toMatchObject({ kind: 'span', bar: { seq: 1 }, node: { depth: 0, span: { name: 'tools/call echo' } } });
    expect(rowAt(w, 3)).toMatchObject({ kind: 'span', bar: { seq: 1 }, node: { depth: 1, span: { name: 'demo.echo.format' } } });
    expect(rowAt(w, 4)).toMatchObject({ kind: 'bar', bar: { seq: 3 } });
    expect(rowAt(w, 5)).toMatchObject({ kind: 'bar', bar: { seq: 5 } });
    expect(rowAt(w, 6)).toMatchObject({ kind: 'span', bar: { seq: 5 } });
    expect(rowAt(w, 7)).toBeUndefined();
    expect([rowOfSeq(w, 1), rowOfSeq(w, 3), rowOfSeq(w, 5)]).toEqual([1, 4, 5]);
    // The span that belongs to no request stays out of the waterfall (the Spans view lists it).
    expect(log.spans.unmatched().map((n) => n.span.name)).toEqual(['elsewhere']);
  });

  it('ignores a span event the /ws boundary would refuse', async () => {
    const { parseWsFrame } = await import('../../lib/wsMessage');
    const bad = parseWsFrame(
      JSON.stringify({
        type: 'span',
        seq: 1,
        t: 1,
        sessionId: 's1',
        span: { traceId: 'x', spanId: 'y', name: '<script>', kind: 'server', start: 0, end: 1, attributes: [] },
      }),
    );
    expect(bad.messages).toEqual([]);
    const good = parseWsFrame(JSON.stringify(span(1, 'aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'x'.repeat(10_000))));
    expect(good.messages).toHaveLength(1);
    expect((good.messages[0] as SpanEvent).span.name.length).toBeLessThan(300);
  });
});
