import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parseTrace } from '@mcpscope/trace';
import { startEverything } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, runCli, waitForLine, type TestBundle } from '../test-helpers.js';

let bundle: TestBundle;
let dir: string;
let trace: string;
const env = () => ({ XDG_DATA_HOME: join(dir, 'data') });
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-cli-'));
  trace = join(dir, 'echo.ndjson');
  const r = await runCli(
    bundle.cli,
    [
      'call',
      'tools/call',
      '--tool',
      'echo',
      '--arg',
      'message=hi',
      '--era',
      'legacy',
      '--record',
      trace,
      '--',
      process.execPath,
      bundle.demo,
    ],
    env(),
  );
  expect(r.code).toBe(0);
}, 60_000);
afterAll(() => bundle?.cleanup());

const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

describe('mcpscope replay', () => {
  it('exits 0 against the recorded target and 1 (with a JUnit report) against a server that changed', async () => {
    const same = await runCli(bundle.cli, ['replay', trace, '--use-recorded-command'], env());
    expect(same.stdout).toMatch(/all \d+ responses match/);
    expect(same.code).toBe(0);

    const everything = await startEverything('streamableHttp');
    try {
      const junit = join(dir, 'junit.xml');
      const changed = await runCli(bundle.cli, ['replay', trace, '--url', everything.url, '--junit', junit], env());
      expect(changed.stdout).toMatch(/DIFF \d+\. tools\/call/);
      expect(changed.stdout).toMatch(/responses differ or failed/);
      expect(changed.code).toBe(1);
      expect(readFileSync(junit, 'utf8')).toContain('<failure message="response differs">');
    } finally {
      await everything.stop();
    }
    const unreachable = await runCli(bundle.cli, ['replay', trace, '--url', 'http://127.0.0.1:9/mcp'], env());
    expect(unreachable.code).toBe(2);
  }, 60_000);
});

describe('mcpscope mock', () => {
  it('answers the SDK client over stdio and over Streamable HTTP with the recorded answers', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bundle.cli, 'mock', trace],
        env: { ...process.env, ...env() } as Record<string, string>,
      }),
    );
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe('hi');
    await expect(client.callTool({ name: 'echo', arguments: { message: 'other' } })).rejects.toThrow(
      /closest recorded request is tools\/call/,
    );
    await client.close();

    const child = spawn(process.execPath, [bundle.cli, 'mock', trace, '--http', '0'], { env: { ...process.env, ...env() } });
    try {
      const [, url] = await waitForLine(child, /mcpscope mock listening on (\S+)/);
      const http = new Client({ name: 'test', version: '1' });
      await http.connect(new StreamableHTTPClientTransport(new URL(url!)));
      expect(text(await http.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe('hi');
      await http.close();
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});

describe('mcpscope wrap', () => {
  it('relays bytes unchanged in both directions (odd whitespace, a non-JSON line) and records the frames', async () => {
    const record = join(dir, 'wrap.ndjson');
    const input =
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n  {"jsonrpc":"2.0", "id":2,\t"method":"ping"}  \r\nnot json at all\n\n{"unterminated":';
    const cat = ['-e', 'process.stdin.pipe(process.stdout)'];
    const child = spawn(process.execPath, [bundle.cli, 'wrap', '--record', record, '--', process.execPath, ...cat], {
      env: { ...process.env, ...env() },
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stdin.end(input);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(Buffer.concat(out).equals(Buffer.from(input))).toBe(true);
    const events = parseTrace(readFileSync(record, 'utf8')).events.filter((e) => e.type === 'frame');
    expect(events.filter((e) => e.type === 'frame' && e.dir === 'out').length).toBe(4);
    expect(events.some((e) => e.type === 'frame' && e.raw === 'not json at all')).toBe(true);
  }, 30_000);

  it('carries a real host session with the demo server: the SDK client over stdio, the trace recorded', async () => {
    const record = join(dir, 'wrap-demo.ndjson');
    const client = new Client({ name: 'host', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bundle.cli, 'wrap', '--record', record, '--', process.execPath, bundle.demo],
        env: { ...process.env, ...env() } as Record<string, string>,
      }),
    );
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'through wrap' } }))).toBe('through wrap');
    await client.close();
    const methods = parseTrace(readFileSync(record, 'utf8')).events.flatMap((e) =>
      e.type === 'frame' && e.dir === 'out' && e.msg?.method ? [e.msg.method] : [],
    );
    expect(methods).toContain('tools/call');
  }, 30_000);
});

describe('mcpscope open', () => {
  it('opens a trace cut off mid-line as an offline session with a warning', async () => {
    const cut = join(dir, 'cut.ndjson');
    writeFileSync(cut, readFileSync(trace));
    truncateSync(cut, statSync(cut).size - 5);
    const child = spawn(process.execPath, [bundle.cli, 'open', cut, '--port', '0', '--no-open'], { env: { ...process.env, ...env() } });
    try {
      const [, url] = await waitForLine(child, /mcpscope listening on (\S+)/);
      const u = new URL(url!);
      const token = decodeURIComponent(u.hash.replace('#token=', ''));
      const res = await fetch(new URL('/api/sessions', u), { headers: { authorization: `Bearer ${token}` } });
      const { sessions } = (await res.json()) as { sessions: Array<{ offline?: boolean; warnings?: string[] }> };
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.offline).toBe(true);
      expect(sessions[0]!.warnings![0]).toMatch(/cut off mid-line at byte \d+/);

      // A wrap started while this UI runs finds it in the registry (XDG_DATA_HOME) and streams to it live.
      const wrap = spawn(
        process.execPath,
        [bundle.cli, 'wrap', '--no-record-all', '--', process.execPath, '-e', 'process.stdin.pipe(process.stdout)'],
        { env: { ...process.env, ...env() } },
      );
      wrap.stdin.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      expect(await new Promise((resolve) => wrap.on('close', resolve))).toBe(0);
      const after = (await (await fetch(new URL('/api/sessions', u), { headers: { authorization: `Bearer ${token}` } })).json()) as {
        sessions: Array<{ id: string; wrapped: boolean; state: string }>;
      };
      const wrapped = after.sessions.find((s) => s.wrapped)!;
      expect(wrapped.state).toBe('closed');
      const events = (await (
        await fetch(new URL(`/api/sessions/${wrapped.id}/events`, u), { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { events: Array<{ type: string; dir?: string }> };
      expect(events.events.filter((e) => e.type === 'frame').map((e) => e.dir)).toEqual(['out', 'in']);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
