import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { buildTestBundle, exitOf, runCli, waitFor, type TestBundle } from './test-helpers.js';

/**
 * `call --session` on a running mcpscope: the session's own tool listing (no tools/list while it is
 * current, a new one after the server's list_changed), the same output through the fast path and
 * through commander, and `--stdin` (many calls in one process). Real background mcpscope, real
 * demo server (it adds and removes `extra_tool` with notifications/tools/list_changed).
 */
let bundle: TestBundle;
let root: string;
let data: string;
let n = 0;
beforeAll(async () => {
  bundle = await buildTestBundle();
  root = mkdtempSync(join(tmpdir(), 'mcpscope-live-lines-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});
afterEach(async () => {
  await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
});

const cli = (args: string[], input?: string) => runCli(bundle.cli, args, { XDG_DATA_HOME: data }, input);

async function connect(...args: string[]): Promise<{ pid: number; id: string }> {
  data = join(root, `data-${++n}`);
  const r = await cli(['connect', '--json', ...args]);
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { session: { id: string }; mcpscope: { pid: number } };
  return { pid: out.mcpscope.pid, id: out.session.id };
}

async function outFrames(pid: number, id: string, method: string): Promise<FrameEvent[]> {
  const { url, token } = JSON.parse(readFileSync(join(data, 'mcpscope', 'running', `${pid}.json`), 'utf8')) as {
    url: string;
    token: string;
  };
  const res = await fetch(new URL(`api/sessions/${id}/events?from=0&limit=50000`, url), { headers: { authorization: `Bearer ${token}` } });
  const { events } = (await res.json()) as { events: SessionEvent[] };
  return events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === method);
}

describe('call --session', () => {
  it("looks a tool up once while the listing is current; the server's list_changed makes the next call list again", {
    timeout: 90_000,
  }, async () => {
    const { pid, id } = await connect('--name', 'old', '--era', 'legacy', '--demo');
    for (let i = 0; i < 3; i++) {
      const r = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', 'message=42', '--session', 'old']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).content[0].text).toBe('42'); // a string input: the text, not the number
    }
    expect(await outFrames(pid, id, 'tools/list')).toHaveLength(1);

    expect((await cli(['call', 'tools/call', '--tool', 'toggle_extra_tool', '--session', 'old'])).code).toBe(0);
    await waitForAsync(async () => (await changes(pid, id)) > 0, 20_000, 'notifications/tools/list_changed');
    const extra = await cli(['call', 'tools/call', '--tool', 'extra_tool', '--arg', 'note=7', '--session', 'old']);
    expect(extra.code, extra.stderr).toBe(0);
    expect(JSON.parse(extra.stdout).content[0].text).toBe('extra_tool says hi: 7');
    const lists = await outFrames(pid, id, 'tools/list');
    expect(lists).toHaveLength(2);
    for (const f of lists) expect(f.origin).toEqual({ by: 'user', reason: 'cli: call tools/call' });
  });

  it('prints the same through the fast path and through commander (an option given twice takes the commander path)', {
    timeout: 90_000,
  }, async () => {
    await connect('--name', 'd', '--demo');
    const cases = [
      ['call', 'tools/list', '--session', 'd'],
      ['call', 'tools/call', '--tool', 'echo', '--arg', 'message=\u001b[31mred', '--session', 'd'],
      ['call', 'tools/call', '--tool', 'fail', '--session', 'd'],
      ['call', 'no/such', '--session', 'd'],
      ['call', 'tools/list', '--session', 'nope'],
      ['call', 'resources/read', '--tool', 'x', '--session', 'd'],
      ['check', '--session', 'd', '--format', 'json'],
    ];
    for (const args of cases) {
      const fast = await cli(args);
      const slow = await cli([...args, '--timeout', '20000', '--timeout', '20000']);
      expect(fast.code, args.join(' ')).toBe(slow.code);
      expect(fast.stderr, args.join(' ')).toBe(slow.stderr);
      // A check's report holds every finding of the session so far: the notes of what it did match.
      if (args[0] === 'check') expect(JSON.parse(fast.stdout).notes).toEqual(JSON.parse(slow.stdout).notes);
      else expect(fast.stdout, args.join(' ')).toBe(slow.stdout);
    }
    const echo = await cli(cases[1]!);
    expect(echo.stdout).toContain('\\u001b[31mred'); // escaped for the terminal, still JSON
    expect(JSON.parse(echo.stdout).content[0].text).toBe('\u001b[31mred');
    // Links are single-use codes: everything else is the same.
    const withoutLinks = (text: string) => text.replace(/#code=[\w-]+/g, '#code=…');
    const sessions = await cli(['sessions', '--json']);
    const slowSessions = await cli(['sessions', '--json', '--json']);
    expect(sessions.code).toBe(0);
    expect(withoutLinks(sessions.stdout)).toBe(withoutLinks(slowSessions.stdout));
  });
});

async function changes(pid: number, id: string): Promise<number> {
  const { url, token } = JSON.parse(readFileSync(join(data, 'mcpscope', 'running', `${pid}.json`), 'utf8')) as {
    url: string;
    token: string;
  };
  const res = await fetch(new URL(`api/sessions/${id}/events?from=0&limit=50000`, url), { headers: { authorization: `Bearer ${token}` } });
  const { events } = (await res.json()) as { events: SessionEvent[] };
  return events.filter((e) => e.type === 'frame' && e.dir === 'in' && e.msg?.method === 'notifications/tools/list_changed').length;
}

async function waitForAsync(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('call --session --stdin', () => {
  it('one process: one answer line per request line, in order, ids echoed; each sent as written', { timeout: 60_000 }, async () => {
    const { pid, id } = await connect('--name', 'd', '--demo');
    const input = [
      JSON.stringify({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'a\u001b]52;c;x\u0007' } } }),
      JSON.stringify({ method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } }),
      'not json',
      '',
      JSON.stringify({ id: 'x', method: 'no/such' }),
      JSON.stringify({ id: 5, method: 'tools/call', params: { name: 'fail', arguments: {} } }),
      JSON.stringify({ id: 6, method: 'tools/call', params: 'nope' }),
    ].join('\r\n');
    const r = await cli(['call', '--session', 'd', '--stdin'], input);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b'); // the server's text escaped, the lines still JSON
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: 1, result: expect.objectContaining({ content: [{ type: 'text', text: 'a\u001b]52;c;x\u0007' }] }) },
      { id: 2, result: expect.objectContaining({ structuredContent: expect.objectContaining({ sum: 3 }) }) },
      { id: null, mcpscope: { code: 'MCPSCOPE_CLI_BAD_LINE', message: expect.stringContaining('line 3 is not JSON'), exitCode: 1 } },
      { id: 'x', error: expect.objectContaining({ code: -32601 }) },
      { id: 5, result: expect.objectContaining({ isError: true }) },
      { id: 6, mcpscope: { code: 'MCPSCOPE_CLI_BAD_LINE', message: 'line 7: "params" must be an object or an array', exitCode: 1 } },
    ]);
    const calls = await outFrames(pid, id, 'tools/call');
    expect(calls).toHaveLength(3);
    for (const f of calls) expect(f.origin).toEqual({ by: 'user', reason: 'cli: call tools/call' });
    expect(await outFrames(pid, id, 'tools/list')).toHaveLength(0);
  });

  it('stops with exit 2 when the session goes away, the line that failed saying so', { timeout: 60_000 }, async () => {
    await connect('--name', 'd', '--demo');
    const child = spawn(process.execPath, [bundle.cli, 'call', '--session', 'd', '--stdin'], {
      env: { ...process.env, XDG_DATA_HOME: data },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stdin.write(`${JSON.stringify({ id: 1, method: 'tools/list' })}\n`);
    await waitFor(() => stdout.includes('"id":1'), 20_000, 'the first answer');
    expect((await cli(['stop', '--session', 'd'])).code).toBe(0);
    child.stdin.write(`${JSON.stringify({ id: 2, method: 'ping' })}\n${JSON.stringify({ id: 3, method: 'ping' })}\n`);
    expect((await exitOf(child)).code).toBe(2);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: 1, result: expect.any(Object) },
      { id: 2, mcpscope: expect.objectContaining({ exitCode: 2, code: 'MCPSCOPE_ERR_NOT_CONNECTED' }) },
    ]);
  });

  it('a running mcpscope older than POST …/calls: each line goes alone, in order, with the same answers', { timeout: 90_000 }, async () => {
    const { pid, id } = await connect('--name', 'd', '--demo');
    // The real background behind a forwarder that answers …/calls as a build without that route
    // did (its not-found for an unknown route) and passes everything else on; the CLI finds the
    // forwarder where it looks for the running mcpscope.
    const registry = join(data, 'mcpscope', 'running', `${pid}.json`);
    const entry = JSON.parse(readFileSync(registry, 'utf8')) as { url: string };
    const target = new URL(entry.url);
    let refused = 0;
    const forwarder: Server = createServer((req, res) => {
      if (req.method === 'POST' && /\/calls(\?|$)/.test(req.url ?? '')) {
        refused++;
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'MCPSCOPE_ERR_NOT_FOUND', message: `No route POST ${req.url}` } }));
        return;
      }
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (back) => {
          res.writeHead(back.statusCode ?? 502, back.headers);
          back.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    try {
      const port = (forwarder.address() as { port: number }).port;
      writeFileSync(registry, JSON.stringify({ ...entry, url: `http://127.0.0.1:${port}/` }));
      // More than the request's buffer holds (~1 KiB a line) and than is read ahead one by one (64 lines).
      const echoes = Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({ id: i, method: 'tools/call', params: { name: 'echo', arguments: { message: `${i}:${'x'.repeat(1024)}` } } }),
      );
      const input = [...echoes, 'not json', JSON.stringify({ id: 'x', method: 'no/such' })].join('\n');
      const r = await cli(['call', '--session', 'd', '--stdin'], input);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(refused).toBe(1);
      const lines = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(102);
      lines.slice(0, 40).forEach((line, i) =>
        expect(line).toEqual({
          id: i,
          result: expect.objectContaining({ content: [{ type: 'text', text: `${i}:${'x'.repeat(1024)}` }] }),
        }),
      );
      expect(lines[100]).toEqual({ id: null, mcpscope: expect.objectContaining({ code: 'MCPSCOPE_CLI_BAD_LINE' }) });
      expect(lines[101]).toEqual({ id: 'x', error: expect.objectContaining({ code: -32601 }) });
      // Each sent once, as the user's.
      const calls = await outFrames(pid, id, 'tools/call');
      expect(calls).toHaveLength(100);
      for (const f of calls) expect(f.origin).toEqual({ by: 'user', reason: 'cli: call tools/call' });
    } finally {
      writeFileSync(registry, JSON.stringify(entry));
      await new Promise((resolve) => forwarder.close(resolve));
    }
  });

  it('usage: no method with --stdin, nothing per request beside it, and only with --session', { timeout: 60_000 }, async () => {
    await connect('--name', 'd', '--demo');
    const cases: Array<[string[], string]> = [
      [['call', 'tools/list', '--session', 'd', '--stdin'], 'call --stdin takes no method'],
      [['call', '--session', 'd', '--stdin', '--tool', 'echo'], 'drop --tool'],
      [['call', '--stdin', '--demo'], '--stdin goes with --session'],
      [['call', '--session', 'd'], "missing required argument 'method'"],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args, '');
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
  });
});
