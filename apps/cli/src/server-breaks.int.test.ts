import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGitMcpServer, startSessionServer, type SessionServer } from '../../../packages/engine/test-fixtures/session-servers.js';
import { buildTestBundle, exitOf, runCli, waitFor, type TestBundle } from './test-helpers.js';

/**
 * How the CLI tells a server that breaks: the era fallback on a probe that got no proper answer
 * (one stderr line), a session the restarted server forgot (`call --session`: exit 2 with the
 * server's answer, then a new session), a server killed during a call (exit 2, connection
 * refused, within the reopening of its stream), and what `sessions` shows of each. The built
 * bundle, real HTTP servers (MCP SDK v2, and git-mcp-server from npm).
 */
const QUIRKS = fileURLToPath(new URL('../../../packages/engine/test-fixtures/legacy-quirks-server.mjs', import.meta.url));

let bundle: TestBundle;
let root: string;
let data: string;
let n = 0;
let servers: SessionServer[] = [];
beforeAll(async () => {
  bundle = await buildTestBundle();
  root = mkdtempSync(join(tmpdir(), 'mcpscope-breaks-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});
afterEach(async () => {
  if (data) await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
});

const cli = (args: string[]) => runCli(bundle.cli, args, { XDG_DATA_HOME: data });
const NEVER = '600000';

async function server(env: Record<string, string> = {}): Promise<SessionServer> {
  const s = await startSessionServer(env);
  servers.push(s);
  return s;
}

describe('era fallback, told in one line', () => {
  it('call --url: server/discover answered HTTP 500 → legacy initialize, and the call works', async () => {
    const s = await server({ FIXTURE_PROBE: '500' });
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--url', s.url, '--tool', 'echo', '--arg', 'message=hi']);
    expect(r.stderr).toBe(
      'mcpscope: server/discover answered HTTP 500 (JSON-RPC error -32603 ("Error in httpTransport:")) → legacy initialize\n',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toBe('hi');
  });

  it('check --url: a 200 that is not JSON-RPC → legacy initialize; the line on stderr, the report on stdout', async () => {
    const s = await server({ FIXTURE_PROBE: 'html' });
    const r = await runCli(bundle.cli, ['check', '--url', s.url, '--no-probe']);
    expect(r.stderr).toBe('mcpscope: server/discover answered HTTP 200 with text/html, not JSON-RPC → legacy initialize\n');
    expect(r.stdout).toContain('legacy era');
    expect(r.code).not.toBe(2);
  });

  it('a JSON-RPC error other than -32601 is the answer a legacy server gives: nothing to say on a call', async () => {
    const s = await server({ FIXTURE_PROBE: 'rpc-error' });
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--url', s.url]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('git-mcp-server 2.15.3 over HTTP (it answers the probe with 500): connects, lists its tools', { timeout: 90_000 }, async () => {
    const git = await startGitMcpServer();
    try {
      const r = await runCli(bundle.cli, ['call', 'tools/list', '--url', git.url]);
      expect(r.stderr).toMatch(/^mcpscope: server\/discover answered HTTP 500 .*→ legacy initialize\n$/);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).tools.length).toBeGreaterThan(20);
    } finally {
      await git.stop();
    }
  });

  it('a stdio server silent on server/discover: the probe timeout is told, not an unexplained wait', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/list',
      '--probe-timeout',
      '500',
      '-e',
      'FIXTURE_MODE=silent-unknown',
      '--',
      process.execPath,
      QUIRKS,
    ]);
    expect(r.stderr).toBe('mcpscope: no answer to server/discover within 500 ms → legacy initialize on the same process\n');
    expect(r.code).toBe(0);
  });
});

describe('a server killed during `call --url`', () => {
  it('exits 2 with connection refused at once, not at --timeout', async () => {
    const s = await server();
    const child = spawn(
      process.execPath,
      [bundle.cli, 'call', 'tools/call', '--url', s.url, '--tool', 'wait', '--arg', `ms=${NEVER}`, '--timeout', NEVER],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await waitFor(() => s.stderr().includes('waiting'), 20_000, 'the tool to start');
    await s.kill();
    const { code } = await exitOf(child);
    expect(stderr).toBe(`mcpscope: tools/call: the server closed the connection (connection refused at ${s.url})\n`);
    expect(code).toBe(2);
  });
});

describe('connect, then call --session across a server that restarts and dies', () => {
  it('the call that got 404 exits 2 with the answer, the next works on a new session; a killed server is a lost session', {
    timeout: 120_000,
  }, async () => {
    data = join(root, `data-${++n}`);
    // No standalone event stream: the restart is met by the next call.
    let s = await server({ FIXTURE_GET: '405' });
    const connected = await cli(['connect', '--url', s.url, '--name', 'fx']);
    expect(connected.code).toBe(0);
    expect(connected.stdout).toContain('  era:      server/discover answered HTTP 400');
    expect((await cli(['call', 'tools/list', '--session', 'fx'])).code).toBe(0);

    s = await s.restart();
    servers.push(s);
    const expired = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', 'message=two', '--session', 'fx', '--timeout', NEVER]);
    expect(expired.code).toBe(2);
    expect(expired.stderr).toMatch(
      /^mcpscope: tools\/list: the server no longer knows the session \(POST http:\S+ answered HTTP 404 \(JSON-RPC error -32001 \("Session not found"\)\) to MCP-Session-Id \S+\); mcpscope starts a new one and does not resend tools\/list\n/,
    );
    expect(expired.stderr).toContain('  session "fx" (s1) is connected again, on a new MCP session: run the command again\n');
    const again = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', 'message=three', '--session', 'fx']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).content[0].text).toBe('three');
    const listed = await cli(['sessions']);
    expect(listed.stdout).toMatch(/^fx .* s1 +connected \(re-initialized\) +legacy/m);
    expect(listed.stdout).toMatch(/^ {2}fx: session expired, re-initialized at \d\d:\d\d:\d\d: POST \S+ answered HTTP 404/m);
    const json = JSON.parse((await cli(['sessions', '--json'])).stdout) as {
      sessions: Array<{ state: string; reinitialized?: { count: number } }>;
    };
    expect(json.sessions[0]).toMatchObject({ state: 'connected', reinitialized: { count: 1 } });

    // Killed during a call: exit 2 at once, and the session is lost, with the reason.
    const call = spawn(
      process.execPath,
      [bundle.cli, 'call', 'tools/call', '--tool', 'wait', '--arg', `ms=${NEVER}`, '--session', 'fx', '--timeout', NEVER],
      { env: { ...process.env, XDG_DATA_HOME: data }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    call.stderr.on('data', (d) => (stderr += d));
    await waitFor(() => s.stderr().includes('waiting'), 20_000, 'the tool to start');
    await s.kill();
    expect((await exitOf(call)).code).toBe(2);
    const why = `the server closed the connection (connection refused at ${s.url})`;
    expect(stderr).toBe(`mcpscope: tools/call: ${why}\n  session "fx" (s1) is closed: ${why}\n`);
    const lost = await cli(['sessions']);
    expect(lost.stdout).toMatch(/^fx .* s1 +closed \(lost\) +legacy/m);
    expect(lost.stdout).toContain(`  fx: ${why}\n`);
    const after = await cli(['call', 'tools/list', '--session', 'fx']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain(`session "fx" (s1) is closed: ${why}; reconnect it`);
  });
});
