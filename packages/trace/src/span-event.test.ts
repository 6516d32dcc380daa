import { describe, expect, it } from 'vitest';
import { SPAN_CAPS } from '@mcpscope/protocol';
import { parseTrace } from './reader.js';

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  tool: { name: 'mcpscope', version: '0' },
  session: { id: 's1', name: 'x', transport: 'stdio', target: 'x' },
});
const span = {
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  name: 'tools/call echo',
  kind: 'server',
  start: 1,
  end: 2,
  attributes: [{ key: 'a', value: 1 }],
};

describe('trace v1: span events and marked frames', () => {
  it('reads a server span, capped again; a line whose span is not one is skipped with a warning', () => {
    const lines = [
      header,
      JSON.stringify({ type: 'span', seq: 1, t: 1, sessionId: 's1', span }),
      JSON.stringify({
        type: 'span',
        seq: 2,
        t: 1,
        sessionId: 's1',
        span: { ...span, name: 'x'.repeat(10_000), attributes: Array.from({ length: 300 }, (_, i) => ({ key: `k${i}`, value: 'v' })) },
      }),
      JSON.stringify({ type: 'span', seq: 3, t: 1, sessionId: 's1', span: { ...span, traceId: 'nope' } }),
      JSON.stringify({
        type: 'frame',
        seq: 4,
        t: 1,
        sessionId: 's1',
        dir: 'out',
        size: 1,
        msg: { jsonrpc: '2.0', id: 1, method: 'ping' },
        added: ['params._meta.traceparent'],
      }),
      JSON.stringify({
        type: 'frame',
        seq: 5,
        t: 1,
        sessionId: 's1',
        dir: 'out',
        size: 1,
        msg: { jsonrpc: '2.0', id: 2, method: 'ping' },
        added: 'not a list',
      }),
    ];
    const trace = parseTrace(`${lines.join('\n')}\n`);
    expect(trace.events.map((e) => e.seq)).toEqual([1, 2, 4, 5]);
    expect(trace.warnings).toEqual(['line 4: not a trace event (span: not a span (ids, times, kind or name)), skipped']);
    const [first, capped] = trace.events;
    expect(first).toMatchObject({ type: 'span', span });
    expect(capped!.type === 'span' && capped.span.name.length).toBeLessThanOrEqual(SPAN_CAPS.name + 1);
    expect(capped!.type === 'span' && capped.span.attributes.length).toBe(SPAN_CAPS.attributes);
    expect(trace.events[2]).toMatchObject({ added: ['params._meta.traceparent'] });
    // A malformed `added` is dropped, not the frame.
    expect(trace.events[3]).not.toHaveProperty('added');
  });
});
