import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, lintEvents, type Session } from '@mcpscope/engine';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { messageTraceContext, OTLP_SECRET_HEADER, type FrameEvent, type SpanEvent } from '@mcpscope/protocol';
import { startProxy, type RunningProxy } from '../start.js';
import { decodeOtlpJsonSpans } from '../../../../packages/engine/test-fixtures/otlp-receiver.js';

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
  session = await engine.open(
    { transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {}, era: 'legacy' },
    { collectServerSpans: true, traceContext: true },
  );
}, 60_000);
afterAll(async () => {
  await engine.dispose();
  await proxy.close();
});

describe("the OTLP receiver: an instrumented server's spans into its session", () => {
  it("gives a stdio server the receiver's variables and takes its export: the tool's child span under the tools/call", async () => {
    expect(session.info().otel).toMatchObject({ traceContext: true, serverSpans: true });
    const out = await session.request('tools/call', { name: 'echo', arguments: { message: 'traced' } });
    expect(out.outcome).toBe('result');
    await until(() => spanEvents(session).some((e) => e.span.name === 'demo.echo.format'), 'the child span');
    const call = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call')!;
    const context = messageTraceContext(call.msg)!;
    const server = spanEvents(session).find((e) => e.span.name === 'tools/call echo')!.span;
    const child = spanEvents(session).find((e) => e.span.name === 'demo.echo.format')!.span;
    expect(server).toMatchObject({
      kind: 'server',
      traceId: context.traceId,
      parentSpanId: context.spanId,
      service: 'mcpscope-demo-server',
    });
    expect(server.attributes).toEqual(
      expect.arrayContaining([
        { key: 'mcp.method.name', value: 'tools/call' },
        { key: 'gen_ai.tool.name', value: 'echo' },
      ]),
    );
    expect(child).toMatchObject({
      kind: 'internal',
      traceId: context.traceId,
      parentSpanId: server.spanId,
      attributes: [{ key: 'demo.message.length', value: 6 }],
    });
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
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'json-sender' } }] },
          scopeSpans: [
            {
              scope: { name: 's' },
              spans: [
                {
                  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
                  spanId: '00f067aa0ba902b7',
                  name: 'ok',
                  kind: 1,
                  startTimeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                  endTimeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                },
                { traceId: 'not-hex', spanId: '00f067aa0ba902b7', name: 'bad', kind: 1, startTimeUnixNano: '1', endTimeUnixNano: '2' },
              ],
            },
          ],
        },
      ],
    };
    const res = await fetch(engine.spanReceivers.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OTLP_SECRET_HEADER]: secret },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: expect.any(String) } });
    expect(spanEvents(session).length).toBe(before + 1);
    expect(spanEvents(session).at(-1)!.span).toMatchObject({ name: 'ok', service: 'json-sender' });
  });

  it('a span that claims the MCP conventions and breaks them carries warnings quoting them, live and in lint', async () => {
    const call = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call')!;
    const context = messageTraceContext(call.msg)!;
    const now = String(BigInt(Date.now()) * 1_000_000n);
    const body = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: context.traceId,
                  spanId: '0123456789abcdef',
                  parentSpanId: context.spanId,
                  name: 'tools/call echo',
                  kind: 1,
                  startTimeUnixNano: now,
                  endTimeUnixNano: now,
                },
              ],
            },
          ],
        },
      ],
    };
    const res = await fetch(engine.spanReceivers.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OTLP_SECRET_HEADER]: engine.spanReceivers.secretFor(session.id) },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const event = spanEvents(session).find((e) => e.span.spanId === '0123456789abcdef')!;
    expect(event.findings?.map((f) => [f.rule, f.severity])).toEqual([
      ['otel-mcp-method-name', 'warning'],
      ['otel-mcp-span-kind', 'warning'],
    ]);
    expect(event.findings?.[0]).toMatchObject({
      spec: 'otel-semconv/v1.41.1/gen-ai/mcp#server',
      quote: expect.stringContaining('`mcp.method.name` | `Required`'),
    });
    const relinted = lintEvents(session.events()).find((e) => e.seq === event.seq) as SpanEvent;
    expect(relinted.findings?.map((f) => f.rule)).toEqual(['otel-mcp-method-name', 'otel-mcp-span-kind']);
  });

  it('takes OTLP/HTTP protobuf, as the official protobuf serializer writes it (and gzip)', async () => {
    const { ProtobufTraceSerializer } = await import('@opentelemetry/otlp-transformer');
    const call = session.events().find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call')!;
    const context = messageTraceContext(call.msg)!;
    const now = Date.now();
    const hr = (ms: number): [number, number] => [Math.floor(ms / 1000), (ms % 1000) * 1e6];
    const span = {
      name: 'db.query',
      kind: 1 /* the API's SERVER */,
      spanContext: () => ({ traceId: context.traceId, spanId: 'abcdefabcdefabcd', traceFlags: 1 }),
      parentSpanContext: { traceId: context.traceId, spanId: context.spanId, traceFlags: 1 },
      startTime: hr(now),
      endTime: hr(now + 3),
      duration: [0, 3e6],
      status: { code: 0 },
      attributes: { 'db.system': 'sqlite', rows: 4 },
      links: [],
      events: [{ name: 'fetched', time: hr(now + 1), attributes: { n: 4 } }],
      ended: true,
      resource: { attributes: { 'service.name': 'protobuf-sender' }, asyncAttributesPending: false },
      instrumentationScope: { name: 'test' },
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
    };
    const body = Buffer.from(ProtobufTraceSerializer.serializeRequest([span as never])!);
    const headers = { 'content-type': 'application/x-protobuf', [OTLP_SECRET_HEADER]: engine.spanReceivers.secretFor(session.id) };
    const res = await fetch(engine.spanReceivers.url!, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    const got = spanEvents(session).find((e) => e.span.spanId === 'abcdefabcdefabcd')!.span;
    expect(got).toMatchObject({
      name: 'db.query',
      kind: 'server',
      traceId: context.traceId,
      parentSpanId: context.spanId,
      service: 'protobuf-sender',
      scope: 'test',
      events: [{ name: 'fetched', attributes: [{ key: 'n', value: 4 }] }],
    });
    expect(got.attributes).toEqual([
      { key: 'db.system', value: 'sqlite' },
      { key: 'rows', value: 4 },
    ]);
    // Nested under the request it continues (its parent is the span the request announced).
    const { gzipSync } = await import('node:zlib');
    const again = await fetch(engine.spanReceivers.url!, {
      method: 'POST',
      headers: { ...headers, 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(again.status).toBe(200);
  });

  it("exports the session as OTLP/JSON from the API (the UI's export menu), the server's spans with it", async () => {
    const res = await fetch(`${proxy.baseUrl}api/sessions/${session.id}/export?format=otlp`, {
      headers: { authorization: `Bearer ${proxy.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.otlp\.json"/);
    const spans = decodeOtlpJsonSpans(await res.text());
    const root = spans.find((s) => s.name === 'mcpscope session')!;
    expect(root.traceId).toBe(session.otel.trace.traceId);
    expect(spans.find((s) => s.name === 'tools/call echo' && s.service === 'mcpscope')).toMatchObject({
      kind: 3,
      parentSpanId: root.spanId,
    });
    expect(spans.find((s) => s.name === 'demo.echo.format')).toMatchObject({ service: 'mcpscope-demo-server' });
  });
});
