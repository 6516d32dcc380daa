import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHttpServer, type DemoHttpServer } from '@mcpscope/demo-server';
import { messageTraceContext } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { demoConfig, framesOf, isServerRequest, nextMessage } from '../../test-fixtures/demo.js';
import { startOtlpTestReceiver, decodeOtlpJsonSpans, type ReceivedSpan, type TestReceiver } from '../../test-fixtures/otlp-receiver.js';
import { waitUntil } from '../../test-fixtures/servers.js';
import { traceToOtlp } from './offline-otlp.js';
import { DURATION_BUCKETS, SEMCONV_SCHEMA_URL } from './semconv.js';
import { Telemetry } from './telemetry.js';

// opentelemetry-proto's SpanKind and StatusCode.
const INTERNAL = 1;
const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

let receiver: TestReceiver;
let dir: string;
beforeAll(async () => {
  receiver = await startOtlpTestReceiver();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-otel-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  receiver.spans.length = 0;
  receiver.metrics.length = 0;
  receiver.failWith = undefined;
});

function telemetry(opts: { traceContext?: boolean; report?: (line: string) => void; endpoint?: string } = {}) {
  const endpoint = opts.endpoint ?? receiver.url;
  return new Telemetry({
    export: { endpoint, display: `${endpoint}/v1/traces`, serviceName: 'mcpscope-test' },
    traceContext: opts.traceContext ?? false,
    includeContent: false,
    ...(opts.report ? { report: opts.report } : {}),
  });
}

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((s) => s.name === name);
const one = (spans: ReceivedSpan[], name: string) => {
  const found = byName(spans, name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

/** Live and offline spans compared field by field, in a stable order. */
const sorted = (spans: ReceivedSpan[]) => [...spans].sort((a, b) => a.spanId.localeCompare(b.spanId));

describe('OTLP export, by the MCP semantic conventions', () => {
  it('stdio: the session span, a CLIENT span per request, SERVER spans for sampling and notifications, errors; the file export is the same', async () => {
    const file = join(dir, 'stdio.jsonl');
    const engine = new Engine({ telemetry: telemetry({ traceContext: true }) });
    const session = await engine.open(demoConfig('legacy'), { record: file });
    const echo = await session.request('tools/call', { name: 'echo', arguments: { message: 'hi' } });
    expect(echo.outcome).toBe('result');
    await session.request('tools/call', { name: 'fail', arguments: { reason: 'on purpose' } });
    const unknown = await session.request('resources/read', { uri: 'demo://no/such/thing' });
    expect(unknown.outcome).toBe('error');
    // A server request: sampling/createMessage, answered by the user.
    const asked = nextMessage(engine, isServerRequest);
    const llm = session.request('tools/call', { name: 'ask_llm', arguments: { question: 'why?' } });
    const { request } = await asked;
    session.answer(request.requestId, { result: { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'because' } } });
    await llm;
    await engine.dispose();
    await waitUntil(() => receiver.spans.some((s) => s.name === 'mcpscope session'), 'the session span');

    const spans = receiver.spans;
    expect(receiver.errors).toEqual([]);
    const root = one(spans, 'mcpscope session');
    expect(root).toMatchObject({ kind: INTERNAL, service: 'mcpscope-test', scope: 'mcpscope', schemaUrl: SEMCONV_SCHEMA_URL });
    expect(root.parentSpanId).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'network.transport': 'pipe',
      'mcp.protocol.version': '2025-11-25',
      'mcpscope.session.kind': 'session',
    });
    for (const s of spans) expect(s.traceId).toBe(root.traceId);

    const version = { 'mcp.protocol.version': '2025-11-25', 'network.transport': 'pipe' };
    const echoSpan = one(spans, 'tools/call echo');
    const echoFrame = framesOf(session.events(), 'out', 'tools/call').find((f) => (f.msg?.params as { name?: string }).name === 'echo')!;
    expect(echoSpan).toMatchObject({ kind: CLIENT, parentSpanId: root.spanId, status: { code: 0 } });
    // The span mcpscope announced to the server in params._meta.traceparent is this one.
    expect(echoSpan.spanId).toBe(messageTraceContext(echoFrame.msg)!.spanId);
    expect(echoFrame.added).toEqual(['params._meta.traceparent']);
    expect(echoSpan.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'jsonrpc.request.id': String(echoFrame.msg!.id),
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      ...version,
    });

    const failSpan = one(spans, 'tools/call fail');
    expect(failSpan).toMatchObject({ kind: CLIENT, status: { code: ERROR } });
    expect(failSpan.attributes['error.type']).toBe('tool_error');

    const readSpan = one(spans, 'resources/read');
    const code = String((unknown as { error: { code: number } }).error.code);
    expect(readSpan).toMatchObject({
      kind: CLIENT,
      status: { code: ERROR, message: (unknown as { error: { message: string } }).error.message },
    });
    expect(readSpan.attributes).toMatchObject({
      'error.type': code,
      'rpc.response.status_code': code,
      'mcp.resource.uri': 'demo://no/such/thing',
    });

    const sampling = one(spans, 'sampling/createMessage');
    expect(sampling).toMatchObject({ kind: SERVER, parentSpanId: root.spanId });
    expect(sampling.attributes).toEqual({
      'mcp.method.name': 'sampling/createMessage',
      'jsonrpc.request.id': expect.any(String),
      ...version,
    });
    // The server answered the user's answer inside the tool call's time.
    const llmSpan = one(spans, 'tools/call ask_llm');
    expect(BigInt(sampling.startTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(llmSpan.startTimeUnixNano));
    expect(BigInt(sampling.endTimeUnixNano)).toBeLessThanOrEqual(BigInt(llmSpan.endTimeUnixNano));

    const initialized = one(spans, 'notifications/initialized');
    expect(initialized).toMatchObject({ kind: CLIENT, startTimeUnixNano: initialized.endTimeUnixNano });
    expect(initialized.attributes).toEqual({ 'mcp.method.name': 'notifications/initialized', ...version });
    expect(one(spans, 'initialize').attributes).toMatchObject({
      'mcp.method.name': 'initialize',
      'jsonrpc.request.id': expect.any(String),
    });

    // Duration metrics with the conventions' buckets.
    await waitUntil(() => receiver.metrics.some((m) => m.name === 'mcp.client.session.duration'), 'the metrics');
    const names = new Set(receiver.metrics.map((m) => m.name));
    expect(names).toEqual(new Set(['mcp.client.operation.duration', 'mcp.server.operation.duration', 'mcp.client.session.duration']));
    expect(receiver.metrics.find((m) => m.name === 'mcp.client.operation.duration')!.bounds).toEqual(DURATION_BUCKETS);
    expect(receiver.metrics.find((m) => m.name === 'mcp.client.operation.duration')!.attributes).toContainEqual(
      expect.objectContaining({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'fail', 'error.type': 'tool_error' }),
    );

    // The trace file rebuilds the very same spans (ids, names, kinds, parents, times, attributes).
    const offline = await traceToOtlp(file, { serviceName: 'mcpscope-test' });
    const fromFile = decodeOtlpJsonSpans(offline.json);
    expect(sorted(fromFile)).toEqual(sorted(spans));
  }, 60_000);

  it('Streamable HTTP: tcp, http/1.1, the server address and the MCP session id', async () => {
    const demo: DemoHttpServer = await startDemoHttpServer({ port: 0 });
    try {
      const engine = new Engine({ telemetry: telemetry() });
      const session = await engine.open({ transport: 'http', url: demo.url, headers: {}, era: 'legacy' });
      await session.request('tools/call', { name: 'echo', arguments: { message: 'over http' } });
      const sessionId = session.info().mcpSessionId;
      expect(sessionId).toBeTruthy();
      await engine.dispose();
      await waitUntil(() => receiver.spans.some((s) => s.name === 'mcpscope session'), 'the session span');
      const echo = one(receiver.spans, 'tools/call echo');
      const port = Number(new URL(demo.url).port);
      expect(echo.kind).toBe(CLIENT);
      expect(echo.attributes).toEqual({
        'mcp.method.name': 'tools/call',
        'jsonrpc.request.id': expect.any(String),
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': '2025-11-25',
        'mcp.session.id': sessionId,
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
        'network.protocol.version': '1.1',
        'server.address': '127.0.0.1',
        'server.port': port,
      });
      // Without --trace-context nothing was added to what went to the server.
      expect(framesOf(session.events(), 'out', 'tools/call')[0]!.added).toBeUndefined();
      expect(JSON.stringify(session.events())).not.toContain('traceparent');
    } finally {
      await demo.close();
    }
  }, 60_000);

  it('an endpoint that fails is said once, the session loses nothing, and a recovery is said once', async () => {
    const lines: string[] = [];
    const t = telemetry({ report: (line) => lines.push(line) });
    const engine = new Engine({ telemetry: t });
    const session = await engine.open(demoConfig('legacy'));
    receiver.failWith = 400;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await session.request('tools/call', { name: 'echo', arguments: { message: `x${i}` } }));
    await waitUntil(() => t.status.state === 'failing', 'the failing export', 10_000);
    expect(session.info().otel?.export).toMatchObject({ state: 'failing', endpoint: `${receiver.url}/v1/traces` });
    expect(lines.filter((l) => l.includes('failed'))).toHaveLength(1);
    // The session itself lost nothing: every call was answered and is in its log.
    expect(answers.map((a) => a.outcome)).toEqual(['result', 'result', 'result']);
    expect(framesOf(session.events(), 'out', 'tools/call')).toHaveLength(3);
    receiver.failWith = undefined;
    await session.request('tools/call', { name: 'echo', arguments: { message: 'again' } });
    await waitUntil(() => t.status.state === 'ok', 'the recovered export', 10_000);
    expect(lines.filter((l) => l.includes('works again'))).toHaveLength(1);
    await engine.dispose();
  }, 60_000);

  it('loads nothing of OpenTelemetry while the export is off', async () => {
    const off = new Telemetry({ traceContext: false, includeContent: false });
    await off.ready();
    expect(off.status.state).toBe('off');
    expect(
      off.track({
        identity: { traceId: '1'.repeat(32), spanId: '2'.repeat(16) },
        transport: 'stdio',
        name: 'x',
        target: 'x',
        kind: 'call',
        createdAt: 0,
      }),
    ).toBeUndefined();
  });
});
