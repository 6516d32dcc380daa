import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { buildTestBundle, exitOf, isAlive, runCli, waitFor, waitForLine, type TestBundle } from './test-helpers.js';

/**
 * Connect once, run many: `connect` starts a background mcpscope and opens a
 * session; `call`/`check`/`lint --session` run on that one connection; `sessions` lists it;
 * `stop` leaves no process behind. All through the built bundle, with real stdio servers.
 */
const RAW_SERVER = fileURLToPath(new URL('../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));

let bundle: TestBundle;
let root: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  root = mkdtempSync(join(tmpdir(), 'mcpscope-live-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A fresh data dir per test: its own registry, so tests never see each other's mcpscope. */
let data: string;
let n = 0;
afterEach(async () => {
  // Whatever a failed test left running: stop it through the command under test, then check.
  await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
});
function freshData(): string {
  data = join(root, `data-${++n}`);
  return data;
}
const cli = (args: string[]) => runCli(bundle.cli, args, { XDG_DATA_HOME: data });
const registry = () => join(data, 'mcpscope');

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
/** Live processes whose command line holds `marker` (the server and its supervisor). */
const withMarker = (marker: string): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => p !== process.pid && cmdline(p).includes(marker) && isAlive(p));

function entryOf(pid: number): { url: string; token: string; pid: number; background?: boolean; log?: string } {
  return JSON.parse(readFileSync(join(registry(), 'running', `${pid}.json`), 'utf8'));
}
const mode = (file: string): number => statSync(file).mode & 0o777;

async function eventsOf(pid: number, sessionId: string): Promise<SessionEvent[]> {
  const { url, token } = entryOf(pid);
  const res = await fetch(new URL(`api/sessions/${sessionId}/events?from=0&limit=50000`, url), {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { events: SessionEvent[] }).events;
}

describe('connect once, run many (call/check/lint --session, sessions, stop)', () => {
  it('no running mcpscope: a clear error, exit 2', async () => {
    freshData();
    for (const args of [
      ['call', 'tools/list', '--session', 'dev'],
      ['sessions'],
      ['lint', '--session', 'dev'],
      ['check', '--session', 'dev'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('no running mcpscope: start one with `mcpscope connect --name <name> -- <server command>`');
    }
    const stop = await cli(['stop']);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain('no background mcpscope is running');
  });

  it('a stale registry entry (its process is gone) is removed, with a clear error', async () => {
    freshData();
    mkdirSync(join(registry(), 'running'), { recursive: true, mode: 0o700 });
    const stale = JSON.stringify({ url: 'http://127.0.0.1:9/', token: 'dead', pid: 999_999_999, background: true });
    writeFileSync(join(registry(), 'running', '999999999.json'), stale, { mode: 0o600 });
    writeFileSync(join(registry(), 'ui.json'), stale, { mode: 0o600 });
    const r = await cli(['call', 'tools/list', '--session', 'dev']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'no running mcpscope (removed the registry entry of a mcpscope that is gone (pid 999999999, http://127.0.0.1:9/))',
    );
    expect(existsSync(join(registry(), 'running', '999999999.json'))).toBe(false);
    expect(existsSync(join(registry(), 'ui.json'))).toBe(false);
  });

  it('connect → call ×N on one connection → sessions → check/lint --session → stop: one spawn, one initialize, nothing left', {
    timeout: 120_000,
  }, async () => {
    freshData();
    const marker = `live-${process.pid}-${Date.now()}`;
    const server = ['-e', 'FIXTURE_MODE=bad-output', '--', process.execPath, RAW_SERVER, marker];
    const connected = await cli(['connect', '--name', 'dev', '--json', ...server]);
    expect(connected.stderr).toBe('');
    expect(connected.code).toBe(0);
    const out = JSON.parse(connected.stdout) as {
      session: { id: string; name: string; state: string };
      mcpscope: { pid: number; background: boolean; started: boolean; log: string; url: string };
      link: string;
    };
    expect(out.session).toMatchObject({ name: 'dev', state: 'connected' });
    expect(out.mcpscope).toMatchObject({ background: true, started: true });
    expect(out.link).toMatch(new RegExp(`^${out.mcpscope.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}#code=[\\w-]{22}$`));
    const bg = out.mcpscope.pid;
    // The token is in no argv: not the background mcpscope's, not the server's.
    const { token } = entryOf(bg);
    expect(cmdline(bg)).not.toContain(token);
    expect(readFileSync(`/proc/${bg}/environ`, 'utf8')).not.toContain(token);
    // Per user by file mode: the folder 0700, the entries and the log 0600.
    expect(mode(registry())).toBe(0o700);
    expect(mode(join(registry(), 'running'))).toBe(0o700);
    expect(mode(join(registry(), 'running', `${bg}.json`))).toBe(0o600);
    expect(mode(join(registry(), 'ui.json'))).toBe(0o600);
    expect(mode(out.mcpscope.log)).toBe(0o600);
    expect(readFileSync(out.mcpscope.log, 'utf8')).not.toContain(token);
    const servers = withMarker(marker);
    expect(servers.length).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++) {
      const r = await cli(['call', 'tools/list', '--session', 'dev']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).tools[0].name).toBe('sum');
    }
    const ping = await cli(['call', 'ping', '--session', out.session.id]);
    expect(ping.code).toBe(0);
    const rpc = await cli(['call', 'no/such', '--session', 'dev']);
    expect(rpc.code).toBe(4);
    expect(JSON.parse(rpc.stdout).code).toBe(-32601);
    // outputSchema mismatch: exit 6, as a direct call.
    const sum = await cli(['call', 'tools/call', '--tool', 'sum', '--session', 'dev']);
    expect(JSON.parse(sum.stdout).structuredContent).toEqual({ sum: 'three' });
    expect(sum.stderr).toContain('structuredContent of "sum" does not match its outputSchema');
    expect(sum.code).toBe(6);

    const events = await eventsOf(bg, out.session.id);
    const spawns = events.filter((e) => e.type === 'lifecycle' && e.phase === 'spawn');
    const outFrames = events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out');
    expect(spawns).toHaveLength(1);
    expect(outFrames.filter((f) => f.msg?.method === 'initialize')).toHaveLength(1);
    const lists = outFrames.filter((f) => f.msg?.method === 'tools/list' && f.origin?.reason === 'cli: call tools/list');
    expect(lists).toHaveLength(3);
    for (const f of lists) expect(f.origin).toEqual({ by: 'user', reason: 'cli: call tools/list' });
    expect(withMarker(marker).sort()).toEqual(servers.sort()); // the same processes all along

    const listed = await cli(['sessions', '--json']);
    expect(listed.code).toBe(0);
    const { sessions, mcpscopes } = JSON.parse(listed.stdout);
    expect(mcpscopes).toEqual([expect.objectContaining({ pid: bg, background: true, link: expect.stringContaining('#code=') })]);
    expect(sessions).toEqual([
      expect.objectContaining({
        name: 'dev',
        label: expect.stringMatching(/^dev\b/),
        id: out.session.id,
        state: 'connected',
        era: 'legacy',
        transport: 'stdio',
        frames: expect.any(Number),
      }),
    ]);
    expect(sessions[0].frames).toBeGreaterThanOrEqual(outFrames.length);
    const table = await cli(['sessions']);
    expect(table.stdout).toMatch(/^NAME +SERVER +ID +STATE +ERA +TRANSPORT +FRAMES +STARTED +TARGET$/m);
    expect(table.stdout).toMatch(/^dev +\S.* +s1 +connected +legacy +stdio +\d+ /m);

    const lint = await cli(['lint', '--session', 'dev']);
    expect(lint.stdout).toContain('structured-content-schema');
    expect(lint.stdout).toMatch(/session "dev" \(s1\) at http:\/\/127\.0\.0\.1:\d+\/: 1 error\(s\)/);
    expect(lint.code).toBe(1);
    const check = await cli(['check', '--session', 'dev', '--format', 'json']);
    const report = JSON.parse(check.stdout);
    expect(report.notes).toEqual(expect.arrayContaining(['- tools/list: 1 tools in 1 page(s)']));
    expect(report.findings.map((f: { rule: string }) => f.rule)).toContain('structured-content-schema');
    expect(check.code).toBe(1);
    expect((await eventsOf(bg, out.session.id)).filter((e) => e.type === 'lifecycle' && e.phase === 'spawn')).toHaveLength(1);

    // A name is unique among the live sessions of the mcpscope: nothing is spawned for a clash.
    const clash = await cli(['connect', '--name', 'dev', '--', process.execPath, RAW_SERVER, `${marker}-clash`]);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('a session named "dev" is already open in the running mcpscope');
    expect(withMarker(`${marker}-clash`)).toEqual([]);

    // stop --session: that server is gone, the background mcpscope stays.
    const closed = await cli(['stop', '--session', 'dev']);
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain('closed session "dev" (s1)');
    await waitFor(() => withMarker(marker).length === 0, 5_000, 'the server to be gone after stop --session');
    expect(isAlive(bg)).toBe(true);
    const after = await cli(['call', 'tools/list', '--session', 'dev']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('session "dev" (s1) is closed');

    // stop: the background mcpscope and everything it ran are gone; its entries too.
    const second = `${marker}-second`;
    expect((await cli(['connect', '--name', 'other', '--', process.execPath, RAW_SERVER, second])).code).toBe(0);
    const stopped = await cli(['stop']);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain(`stopped the background mcpscope (pid ${bg}`);
    expect(isAlive(bg)).toBe(false);
    await waitFor(() => withMarker(marker).length === 0 && withMarker(second).length === 0, 3_000, 'no server left after stop');
    expect(readdirSync(join(registry(), 'running'))).toEqual([]);
    expect(existsSync(join(registry(), 'ui.json'))).toBe(false);
  });

  it("the server's requests: from --answer-file as a direct call, or left to the person in the UI; --level prints its logs", {
    timeout: 90_000,
  }, async () => {
    freshData();
    const connect = JSON.parse((await cli(['connect', '--name', 'demo', '--json', '--demo'])).stdout) as { mcpscope: { pid: number } };
    expect((await cli(['connect', '--name', 'old', '--era', 'legacy', '--demo'])).code).toBe(0);
    const file = join(root, `answers-${n}.json`);
    writeFileSync(
      file,
      JSON.stringify({ 'sampling/createMessage': { role: 'assistant', model: 'canned', content: { type: 'text', text: 'yes' } } }),
    );
    for (const name of ['demo', 'old']) {
      const r = await cli(['call', 'tools/call', '--tool', 'ask_llm', '--arg', 'question=hi', '--answer-file', file, '--session', name]);
      expect(r.code, name).toBe(0);
      expect(JSON.parse(r.stdout).content[0].text).toBe('canned answered: yes');
    }
    // No --answer-file: the request waits for the person watching; here the test answers as the UI does.
    const { url, token } = entryOf(connect.mcpscope.pid);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = spawn(
      process.execPath,
      [bundle.cli, 'call', 'tools/call', '--tool', 'ask_llm', '--arg', 'question=hi', '--session', 'demo'],
      { env: { ...process.env, XDG_DATA_HOME: data }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    call.stdout.on('data', (d) => (stdout += d));
    call.stderr.on('data', (d) => (stderr += d));
    await waitFor(
      () => stderr.includes('the server asked for sampling/createMessage; answer it in the mcpscope UI (or pass --answer-file)'),
      20_000,
      'the call to say who answers',
    );
    const { requests } = (await (await fetch(new URL('api/server-requests', url), { headers })).json()) as {
      requests: Array<{ sessionId: string; requestId: string; method: string }>;
    };
    expect(requests).toEqual([expect.objectContaining({ sessionId: 's1', method: 'sampling/createMessage' })]);
    const answer = { result: { role: 'assistant', model: 'person', content: { type: 'text', text: 'from the UI' } } };
    const answered = await fetch(new URL(`api/sessions/s1/server-requests/${encodeURIComponent(requests[0]!.requestId)}`, url), {
      method: 'POST',
      headers,
      body: JSON.stringify(answer),
    });
    expect(answered.status).toBe(204);
    expect((await exitOf(call)).code).toBe(0);
    await waitFor(() => stdout.endsWith('}\n'), 5_000, 'the result on stdout');
    expect(JSON.parse(stdout).content[0].text).toBe('person answered: from the UI');

    const logs = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', 'message=hi', '--level', 'debug', '--session', 'old']);
    expect(logs.code).toBe(0);
    expect(logs.stderr).toMatch(/^\[server log\] debug echo: /m);
  });

  it('check --session --exercise on a server that crashes mid-call: exit 1, the crash and the skipped steps come back from the running mcpscope', {
    timeout: 60_000,
  }, async () => {
    freshData();
    expect((await cli(['connect', '--name', 'crashy', '-e', 'FIXTURE_MODE=crash-on-call', '--', process.execPath, RAW_SERVER])).code).toBe(
      0,
    );
    const check = await cli(['check', '--session', 'crashy', '--exercise', '--format', 'json']);
    const report = JSON.parse(check.stdout);
    expect(report.findings.find((f: { rule: string }) => f.rule === 'server-exited-mid-request')).toMatchObject({
      severity: 'error',
      message: expect.stringMatching(/^the server exited with code 7 during tool "boom"/),
    });
    expect(report.serverExit).toMatchObject({ step: 'tool "boom"', crashed: true });
    expect(report.skipped).toContain('tool "last"');
    expect(check.code).toBe(1);
    const listed = JSON.parse((await cli(['sessions', '--json'])).stdout);
    expect(listed.sessions).toEqual([expect.objectContaining({ name: 'crashy', state: 'closed' })]);
  });

  it('a server that cannot start: exit 2 with its stderr; the session shows as failed', { timeout: 60_000 }, async () => {
    freshData();
    const r = await cli(['connect', '--name', 'broken', '-e', 'FIXTURE_MODE=exit-on-init', '--', process.execPath, RAW_SERVER]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('fatal: MY_API_KEY is not set');
    const listed = JSON.parse((await cli(['sessions', '--json'])).stdout);
    expect(listed.sessions).toEqual([expect.objectContaining({ name: 'broken', state: 'failed' })]);
    // A failed session does not hold its name.
    const again = await cli(['connect', '--name', 'broken', '--demo']);
    expect(again.code).toBe(0);
  });

  it('call --session reaches a session of a mcpscope started in a terminal (the one a person watches); stop leaves that one alone', {
    timeout: 60_000,
  }, async () => {
    freshData();
    const ui = spawn(process.execPath, [bundle.cli, '--no-open', '--port', '0', '--demo'], {
      env: { ...process.env, XDG_DATA_HOME: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await waitForLine(ui, /^mcpscope listening on http/);
      await waitFor(() => existsSync(join(registry(), 'running', `${ui.pid}.json`)), 10_000, 'the registry entry');
      // The launch's own session may still be connecting: call waits for it (--connect-timeout).
      const r = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', 'message=watched', '--session', 'demo']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).content[0].text).toBe('watched');
      const stop = await cli(['stop']);
      expect(stop.code).toBe(0);
      expect(stop.stderr).toContain(`(pid ${ui.pid}) runs in a terminal: not stopped`);
      expect(isAlive(ui.pid!)).toBe(true);
    } finally {
      ui.kill('SIGTERM');
      await exitOf(ui);
    }
  });
});
