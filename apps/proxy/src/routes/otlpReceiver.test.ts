import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, lintEvents, type Session } from '@mcpscope/engine';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { messageTraceContext, OTLP_SECRET_HEADER, type FrameEvent, type SpanEvent } from '@mcpscope/protocol';
import { startProxy, type RunningProxy } from '../start.js';

let engine: Engine;
let proxy: RunningProxy;
let session: Session;

const spanEvents = (s: Session) => s.events().filter((e): e is SpanEvent => e.type === 'span');

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  engine = new Engine();
  proxy = await startProxy({ engine });
  // The demo server, given the receiver's variables ("collect server spans"), with trace context on.
  session = await engine.open({ transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {}, era: 'legacy' }, { collectServerSpans: true, traceContext: true });
}, 60_000);
afterAll(async () => {
  await engine.dispose();
  await proxy.close();
});

describe('the OTLP receiver: an instrumented server\'s spans into its session', () => {
  it('gives a stdio server the receiver\'s variables and takes its protobuf export: the tool\'s child span under the tools/call', async () => {
    expect(session.info().otel).toMatchObject({ traceContext: true, serverSpans: true });
    const out = await session.request('tools/call', { name: 'echo', arguments: { message: 'traced' } });
    expect(out.outcome).toBe('result');
    await until(() => spanEvents(session).some((e) => e.span.name === 'demo.echo.format'), 'the child span');
    const call = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call')!;
    const context = messageTraceContext(call.msg)!;
    const server = spanEvents(session).find((e) => e.span.name === 'tools/call echo')!.span;
    const child = spanEvents(session).find((e) => e.span.name === 'demo.echo.format')!.span;
    expect(server).toMatchObject({ kind: 'server', traceId: context.traceId, parentSpanId: context.spanId, service: 'mcpscope-demo-server' });
    expect(server.attributes).toEqual(expect.arrayContaining([{ key: 'mcp.method.name', value: 'tools/call' }, { key: 'gen_ai.tool.name', value: 'echo' }]));
    expect(child).toMatchObject({ kind: 'internal', traceId: context.traceId, parentSpanId: server.spanId, attributes: [{ key: 'demo.message.length', value: 6 }] });
    // The demo keeps the conventions: no telemetry finding on any of its spans.
    expect(spanEvents(session).flatMap((e) => e.findings ?? [])).toEqual([]);
    // On the session's clock, inside the call.
    const answer = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'in' && e.pair?.requestSeq === call.seq)!;
    expect(child.start).toBeGreaterThanOrEqual(call.t - 50);
    expect(child.end).toBeLessThanOrEqual(answer.t + 50);
  }, 60_000);

  it('answers OTLP/JSON with a partial success for what it could not keep', async () => {
    const secret = engine.spanReceivers.secretFor(session.id);
    const before = spanEvents(session).length;
    const body = {
      resourceSpans: [{
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'json-sender' } }] },
        scopeSpans: [{ scope: { name: 's' }, spans: [
          { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', name: 'ok', kind: 1, startTimeUnixNano: String(BigInt(Date.now()) * 1_000_000n), endTimeUnixNano: String(BigInt(Date.now()) * 1_000_000n) },
          { traceId: 'not-hex', spanId: '00f067aa0ba902b7', name: 'bad', kind: 1, startTimeUnixNano: '1', endTimeUnixNano: '2' },
        ] }],
      }],
    };
    const res = await fetch(engine.spanReceivers.url!, { method: 'POST', headers: { 'content-type': 'application/json', [OTLP_SECRET_HEADER]: secret }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: expect.any(String) } });
    expect(spanEvents(session).length).toBe(before + 1);
    expect(spanEvents(session).at(-1)!.span).toMatchObject({ name: 'ok', service: 'json-sender' });
  });

  it('a span that claims the MCP conventions and breaks them carries warnings quoting them, live and in lint', async () => {
    const call = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call')!;
    const context = messageTraceContext(call.msg)!;
    const now = String(BigInt(Date.now()) * 1_000_000n);
    const body = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: context.traceId, spanId: '0123456789abcdef', parentSpanId: context.spanId, name: 'tools/call echo', kind: 1, startTimeUnixNano: now, endTimeUnixNano: now }] }] }] };
    const res = await fetch(engine.spanReceivers.url!, { method: 'POST', headers: { 'content-type': 'application/json', [OTLP_SECRET_HEADER]: engine.spanReceivers.secretFor(session.id) }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const event = spanEvents(session).find((e) => e.span.spanId === '0123456789abcdef')!;
    expect(event.findings?.map((f) => [f.rule, f.severity])).toEqual([['otel-mcp-method-name', 'warning'], ['otel-mcp-span-kind', 'warning']]);
    expect(event.findings?.[0]).toMatchObject({ spec: 'otel-semconv/v1.41.1/gen-ai/mcp#server', quote: expect.stringContaining('`mcp.method.name` | `Required`') });
    const relinted = lintEvents(session.events()).find((e) => e.seq === event.seq) as SpanEvent;
    expect(relinted.findings?.map((f) => f.rule)).toEqual(['otel-mcp-method-name', 'otel-mcp-span-kind']);
  });
});
