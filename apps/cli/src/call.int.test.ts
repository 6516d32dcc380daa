import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '@mcpscope/trace';
import { buildTestBundle, runCli, type TestBundle } from './test-helpers.js';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

const demoArgs = () => ['--', process.execPath, bundle.demo];

describe('mcpscope call (the built bundle, a real stdio child)', () => {
  it('prints tools/list as JSON and exits 0', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', ...demoArgs()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['echo', 'fail']));
  });

  it('calls a tool with --params and --demo', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--demo', '--params', '{"name":"echo","arguments":{"message":"hi"}}']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toContain('hi');
  });

  it('exits 2 with a clear message when the command does not exist', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--', '/nonexistent/mcp-server-xyz']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/could not connect to \/nonexistent\/mcp-server-xyz/);
    expect(r.stderr).toMatch(/ENOENT|not found|no such file/i);
  });

  it('exits 2 with the exit code and stderr tail when the server dies at start', async () => {
    const script = "process.stderr.write('config missing: API_URL\\n'); process.exit(3)";
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--', process.execPath, '-e', script]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/code 3/);
    expect(r.stderr).toMatch(/config missing: API_URL/);
  });

  it('exits 4 on a JSON-RPC error, with the error JSON on stdout', async () => {
    const r = await runCli(bundle.cli, ['call', 'no/such/method', ...demoArgs()]);
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout).code).toBe(-32601);
    expect(r.stderr).toMatch(/JSON-RPC error -32601/);
  });

  it('exits 5 when tools/call returns isError: true', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--params', '{"name":"fail","arguments":{"reason":"x"}}', ...demoArgs()]);
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout).isError).toBe(true);
    expect(r.stderr).toMatch(/isError/);
  });

  it('exits 3 when the response does not come within --timeout', async () => {
    const params = JSON.stringify({ name: 'long_task', arguments: { steps: 1, stepMs: 10_000 } });
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--timeout', '300', '--params', params, ...demoArgs()]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no response to tools\/call within 300 ms/);
  });

  it('exits 1 on bad usage', async () => {
    const bad = await runCli(bundle.cli, ['call', 'tools/list', '--params', '{oops', ...demoArgs()]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--params is not valid JSON/);
    const none = await runCli(bundle.cli, ['call', 'tools/list']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/call needs a target/);
    const unknown = await runCli(bundle.cli, ['--frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown option/);
  });

  it('records a redacted trace v1 with --record', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-rec-')), 'call.ndjson');
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--record', file, ...demoArgs()]);
    expect(r.code).toBe(0);
    const trace = parseTrace(readFileSync(file, 'utf8'));
    expect(trace.warnings).toEqual([]);
    expect(trace.header.format).toBe('mcpscope-trace');
    const methods = trace.events.flatMap((e) => (e.type === 'frame' && typeof e.msg?.method === 'string' ? [e.msg.method] : []));
    expect(methods).toContain('tools/list');
    expect(methods.length).toBeGreaterThan(1); // the handshake (initialize or server/discover) came first
  });

  it('reads the server from a config file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-cfg-')), 'claude_desktop_config.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { demo: { command: process.execPath, args: [bundle.demo] } } }));
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--config', file, '--server', 'demo']);
    expect(r.code).toBe(0);
  });
});
