import { describe, expect, it } from 'vitest';
import { formatTraceparent, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { SecretValues } from '@mcpscope/trace';
import { spanIdOf, type TraceIdentity } from './identity.js';
import { withTraceContext } from './inject.js';
import { MAX_OPEN_REQUESTS, NOTIFICATION_SPANS, SessionSpans, type SpanRecord } from './session-spans.js';

const identity: TraceIdentity = { traceId: '11111111111111111111111111111111', spanId: '2222222200000000' };
const HOST_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const HOST_SPAN = '00f067aa0ba902b7';

let seq = 0;
const frame = (dir: 'in' | 'out', t: number, msg: Record<string, unknown>, extra: Partial<FrameEvent> = {}): FrameEvent => ({
  type: 'frame',
  seq: ++seq,
  t,
  sessionId: 's',
  dir,
  size: 1,
  msg: { jsonrpc: '2.0', ...msg },
  ...extra,
});

function build(
  events: SessionEvent[],
  opts: { includeContent?: boolean; secrets?: SecretValues; transport?: 'stdio' | 'http' } = {},
): SpanRecord[] {
  const out: SpanRecord[] = [];
  const spans = new SessionSpans({
    identity,
    transport: opts.transport ?? 'stdio',
    ...(opts.transport === 'http' ? { url: 'http://mcp.example:8080/mcp' } : {}),
    session: { name: 'x', target: 'node x.js', kind: 'wrap' },
    rules: { includeContent: opts.includeContent ?? false, ...(opts.secrets ? { secrets: opts.secrets } : {}) },
    onSpan: (s) => out.push(s),
  });
  for (const e of events) spans.observe(e);
  spans.finish();
  return out;
}

describe('SessionSpans', () => {
  it("a host's own traceparent (wrap) parents the span, linked to the session's", () => {
    seq = 0;
    const out = build([
      frame('out', 1, {
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', _meta: { traceparent: formatTraceparent(HOST_TRACE, HOST_SPAN), tracestate: 'vendor=x' } },
      }),
      frame('in', 4, { id: 1, result: {} }),
    ]);
    const call = out.find((s) => s.name === 'tools/call echo')!;
    expect(call).toMatchObject({
      kind: 'client',
      traceId: HOST_TRACE,
      parentSpanId: HOST_SPAN,
      traceState: 'vendor=x',
      spanId: spanIdOf(identity, 1),
      start: 1,
      end: 4,
    });
    expect(call.links).toEqual([{ traceId: identity.traceId, spanId: identity.spanId }]);
    expect(out.at(-1)).toMatchObject({
      name: 'mcpscope session',
      kind: 'internal',
      spanId: identity.spanId,
      attributes: { 'mcpscope.session.kind': 'wrap' },
    });
  });

  it("a server request with the server's trace context is a SERVER span under it; ours by mcpscope keep their announced id", () => {
    seq = 0;
    const sent = withTraceContext({ jsonrpc: '2.0', id: 2, method: 'ping' }, { traceId: identity.traceId })!;
    const out = build([
      frame('in', 1, {
        id: 'a',
        method: 'sampling/createMessage',
        params: { _meta: { traceparent: formatTraceparent(HOST_TRACE, HOST_SPAN) } },
      }),
      frame('out', 3, { id: 'a', result: { model: 'm' } }),
      frame('out', 5, sent.message, { added: sent.added }),
      frame('in', 6, { id: 2, result: {} }),
    ]);
    expect(out.find((s) => s.name === 'sampling/createMessage')).toMatchObject({
      kind: 'server',
      traceId: HOST_TRACE,
      parentSpanId: HOST_SPAN,
      start: 1,
      end: 3,
    });
    const ping = out.find((s) => s.name === 'ping')!;
    expect(ping.spanId).toBe((sent.message.params as { _meta: { traceparent: string } })._meta.traceparent.split('-')[2]);
    expect(ping).toMatchObject({ traceId: identity.traceId, parentSpanId: identity.spanId });
  });

  it('a cancel ends its request as cancelled; what is unanswered at the end ends there; notifications have no duration', () => {
    seq = 0;
    const out = build([
      frame('out', 1, { id: 1, method: 'tools/call', params: { name: 'slow' } }),
      frame('out', 2, { method: 'notifications/cancelled', params: { requestId: 1, reason: 'timeout' } }),
      frame('in', 3, { id: 1, result: {} }),
      frame('out', 4, { id: 2, method: 'tools/list' }),
      frame('in', 9, { method: 'notifications/message', params: { level: 'info', data: 'x' } }),
    ]);
    expect(out.find((s) => s.name === 'tools/call slow')).toMatchObject({
      end: 2,
      error: { message: 'timeout' },
      attributes: { 'error.type': 'cancelled' },
    });
    expect(out.find((s) => s.name === 'tools/list')).toMatchObject({ start: 4, end: 9, attributes: { 'error.type': 'unanswered' } });
    expect(out.find((s) => s.name === 'notifications/message')).toMatchObject({ kind: 'server', start: 9, end: 9 });
    expect(out.find((s) => s.name === 'notifications/cancelled')).toMatchObject({ kind: 'client', start: 2, end: 2 });
  });

  it('App-channel frames and raw lines are no MCP operations', () => {
    seq = 0;
    const app = frame('in', 1, { id: 1, method: 'ui/initialize' }, { channel: 'app', app: { uri: 'ui://x', view: 'v' } });
    const raw: FrameEvent = { type: 'frame', seq: ++seq, t: 2, sessionId: 's', dir: 'in', size: 3, raw: 'oops' };
    expect(build([app, raw]).map((s) => s.name)).toEqual(['mcpscope session']);
  });

  it("exports a flood of notifications within a budget of the session's clock, counting the rest on the session span; requests are never left out", () => {
    seq = 0;
    // 5,000 notifications and 50 pings in 1 s of session time.
    const events: SessionEvent[] = [];
    for (let i = 0; i < 5000; i++) {
      events.push(frame('in', i / 5, { method: 'notifications/message', params: { level: 'info', data: i } }));
      if (i % 100 === 0) events.push(frame('out', i / 5, { id: i, method: 'ping' }), frame('in', i / 5, { id: i, result: {} }));
    }
    const out = build(events);
    const notifications = out.filter((s) => s.name === 'notifications/message').length;
    expect(notifications).toBeLessThanOrEqual(NOTIFICATION_SPANS.burst + NOTIFICATION_SPANS.perSecond);
    expect(out.filter((s) => s.name === 'ping')).toHaveLength(50);
    expect(out.at(-1)!.attributes['mcpscope.notifications.not_exported']).toBe(5000 - notifications);
  });

  it('bounds the requests waiting for an answer', () => {
    seq = 0;
    const events = Array.from({ length: MAX_OPEN_REQUESTS + 5 }, (_, i) => frame('out', i, { id: i, method: 'ping' }));
    const out = build(events);
    // The 5 oldest are ended as the 5 newest arrive; the rest at the session's end.
    const early = out.filter((s) => s.error?.message?.includes('waited for an answer'));
    expect(early.map((s) => [s.start, s.end])).toEqual([0, 1, 2, 3, 4].map((i) => [i, MAX_OPEN_REQUESTS + i]));
  });

  it("tool arguments and results only with the opt-in, and the user's secrets never", () => {
    seq = 0;
    const secret = 'sk-live-0123456789abcdef';
    const events = [
      frame('out', 1, {
        id: 1,
        method: 'tools/call',
        params: { name: 'login', arguments: { user: 'me', password: 'hunter22', key: secret } },
      }),
      frame('in', 2, { id: 1, result: { content: [{ type: 'text', text: `token ${secret} Bearer abc.def` }] } }),
      frame('out', 3, { id: 2, method: 'resources/read', params: { uri: `https://x.example/r?token=${secret}` } }),
      frame('in', 4, { id: 2, error: { code: -32002, message: `not found: ${secret}` } }),
    ];
    const plain = build(events, { secrets: new SecretValues([secret]) });
    expect(plain.find((s) => s.name === 'tools/call login')!.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
    seq = 0;
    const opted = build(events, { includeContent: true, secrets: new SecretValues([secret]) });
    const login = opted.find((s) => s.name === 'tools/call login')!;
    expect(JSON.parse(login.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({
      user: 'me',
      password: '[REDACTED]',
      key: '[REDACTED]',
    });
    expect(login.attributes['gen_ai.tool.call.result']).toContain('[REDACTED]');
    expect(JSON.stringify(opted)).not.toContain(secret);
    expect(JSON.stringify(opted)).not.toContain('hunter22');
    expect(opted.find((s) => s.name === 'resources/read')).toMatchObject({
      error: { message: 'not found: [REDACTED]' },
      attributes: { 'error.type': '-32002', 'rpc.response.status_code': '-32002' },
    });
  });

  it('the same events give the same spans', () => {
    const events = () => {
      seq = 0;
      return [
        frame('out', 1, { id: 1, method: 'initialize', params: {} }),
        frame('in', 2, { id: 1, result: { protocolVersion: '2025-11-25' } }),
        frame('out', 3, { id: 2, method: 'tools/list' }),
        frame('in', 4, { id: 2, result: {} }),
      ];
    };
    const a = build(events(), { transport: 'http' });
    const b = build(events(), { transport: 'http' });
    expect(a).toEqual(b);
    expect(a.find((s) => s.name === 'tools/list')!.attributes).toMatchObject({
      'mcp.protocol.version': '2025-11-25',
      'server.address': 'mcp.example',
      'server.port': 8080,
      'network.transport': 'tcp',
    });
  });
});
