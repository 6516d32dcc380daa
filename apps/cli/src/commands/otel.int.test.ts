import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTraceparent } from '@mcpscope/protocol';
import {
  decodeOtlpJsonSpans,
  startOtlpTestReceiver,
  type ReceivedSpan,
  type TestReceiver,
} from '../../../../packages/engine/test-fixtures/otlp-receiver.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

let bundle: TestBundle;
let receiver: TestReceiver;
let dir: string;
beforeAll(async () => {
  [bundle, receiver] = await Promise.all([buildTestBundle(), startOtlpTestReceiver()]);
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-otel-cli-'));
}, 120_000);
afterAll(async () => {
  bundle?.cleanup();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sorted = (spans: ReceivedSpan[]) => [...spans].sort((a, b) => a.spanId.localeCompare(b.spanId));
const HOST_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const HOST_SPAN = '00f067aa0ba902b7';

/** A port nothing listens on (an endpoint that is down). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('OpenTelemetry from the CLI (the built bundle)', () => {
  it('call --otlp-endpoint exports the session as it ends; export --format otlp rebuilds the same spans from its trace', async () => {
    receiver.spans.length = 0;
    const trace = join(dir, 'call.jsonl');
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'echo',
      '--arg',
      'message=hi',
      '--otlp-endpoint',
      receiver.url,
      '--trace-context',
      '--record',
      trace,
      '--',
      process.execPath,
      bundle.demo,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const live = receiver.spans.filter((s) => s.service === 'mcpscope');
    const root = live.find((s) => s.name === 'mcpscope session')!;
    expect(root.attributes['mcpscope.session.kind']).toBe('call');
    expect(live.find((s) => s.name === 'tools/call echo')).toMatchObject({
      kind: 3,
      parentSpanId: root.spanId,
      attributes: { 'gen_ai.tool.name': 'echo', 'network.transport': 'pipe' },
    });

    const out = join(dir, 'call.otlp.json');
    const exported = await runCli(bundle.cli, ['export', trace, '--format', 'otlp', '--output', out]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/\d+ span\(s\) of mcpscope, 0 of the server/);
    expect(sorted(decodeOtlpJsonSpans(readFileSync(out, 'utf8')))).toEqual(sorted(live));
  }, 60_000);

  it('takes the standard variables: OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, and TRACEPARENT as the parent of every session', async () => {
    receiver.spans.length = 0;
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--', process.execPath, bundle.demo], {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'ci-job',
      TRACEPARENT: formatTraceparent(HOST_TRACE, HOST_SPAN),
    });
    expect(r.code).toBe(0);
    const root = receiver.spans.find((s) => s.name === 'mcpscope session')!;
    expect(root).toMatchObject({ service: 'ci-job', traceId: HOST_TRACE, parentSpanId: HOST_SPAN });
    expect(receiver.spans.every((s) => s.traceId === HOST_TRACE)).toBe(true);
  }, 60_000);

  it('an endpoint that is down is said once on stderr; the call itself succeeds', async () => {
    const port = await closedPort();
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'echo',
      '--arg',
      'message=still',
      '--otlp-endpoint',
      `http://127.0.0.1:${port}`,
      '--',
      process.execPath,
      bundle.demo,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toBe('still');
    expect(r.stderr.match(/the OTLP export to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed/g)).toHaveLength(1);
  }, 60_000);

  it("wrap relays a host's traceparent unchanged and makes its spans children of the host's span", async () => {
    receiver.spans.length = 0;
    const child = spawn(
      process.execPath,
      [bundle.cli, 'wrap', '--no-record-all', '--otlp-endpoint', receiver.url, '--', process.execPath, bundle.demo],
      {
        env: { ...process.env, XDG_DATA_HOME: dir },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const traceparent = formatTraceparent(HOST_TRACE, HOST_SPAN);
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'via wrap' }, _meta: { traceparent } } },
    ];
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
    await new Promise<void>((resolve) => child.stdout.on('data', () => stdout.includes('via wrap') && resolve()));
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const call = receiver.spans.find((s) => s.name === 'tools/call echo')!;
    const root = receiver.spans.find((s) => s.name === 'mcpscope session')!;
    expect(call).toMatchObject({
      kind: 3,
      traceId: HOST_TRACE,
      parentSpanId: HOST_SPAN,
      links: [{ traceId: root.traceId, spanId: root.spanId }],
    });
    expect(root.attributes['mcpscope.session.kind']).toBe('wrap');
    expect(receiver.spans.find((s) => s.name === 'initialize')).toMatchObject({ traceId: root.traceId, parentSpanId: root.spanId });
  }, 60_000);
});
