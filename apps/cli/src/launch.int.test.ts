import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orphanedNamespaceHolders } from '../../../packages/engine/test-fixtures/servers.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import {
  buildTestBundle,
  descendants,
  exitOf,
  isAlive,
  startTicks,
  ticksNow,
  waitFor,
  waitForLine,
  type TestBundle,
} from './test-helpers.js';

let bundle: TestBundle;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-launch-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A wrapper that appends "<Date.now()>\n" to `log` when it starts, then runs the demo server in the same process. */
function stampedServer(name: string): { script: string; log: string } {
  const log = join(dir, `${name}.log`);
  const script = join(dir, `${name}.mjs`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, Date.now() + '\\n');\nawait import(${JSON.stringify(bundle.demo)});\n`,
  );
  return { script, log };
}
const stamps = (log: string): number[] => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(Number);

const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;

function launch(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [bundle.cli, '--no-open', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('mcpscope (launch)', () => {
  it('prints one URL line, serves the API with the token, and shuts down on SIGTERM leaving no child', async () => {
    const child = launch(['--memory-budget', '4', '--', process.execPath, bundle.demo], { MCPSCOPE_TOKEN: 'test-token-123' });
    const [, , port, token] = await waitForLine(child, LINE);
    expect(token).toBe('test-token-123');
    const base = `http://127.0.0.1:${port}`;
    const info = await fetch(`${base}/api/info`, { headers: { authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      name: 'mcpscope',
      demo: { transport: 'stdio', args: [bundle.demo] },
      memoryBudget: 4 * 1024 * 1024,
    });
    expect((await fetch(`${base}/api/info`)).status).toBe(401);

    await waitFor(() => descendants(child.pid!).length > 0, 10_000, 'the server child to spawn');
    const children = descendants(child.pid!);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    await waitFor(() => children.every((pid) => !isAlive(pid)), 5_000, 'the server child to be gone');
  });

  it('keeps the UI up and explains when the first connect fails', async () => {
    const child = launch(['--', '/nonexistent/mcp-server-xyz']);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await waitForLine(child, LINE);
    await waitFor(() => /could not connect to \/nonexistent\/mcp-server-xyz/.test(stderr), 10_000, 'the connect error');
    expect(child.exitCode).toBeNull();
    child.kill('SIGINT');
    expect((await exitOf(child)).code).toBe(0);
  });

  it('shuts down with its servers when its parent dies without passing SIGTERM on (as under npx)', async () => {
    // `sh -c` forks mcpscope as a child (it does not exec) and dies on SIGKILL alone.
    const sh = spawn('sh', ['-c', `"${process.execPath}" "${bundle.cli}" --no-open --port 0 --demo; true`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(sh, LINE);
    await waitFor(() => descendants(sh.pid!).length >= 2, 10_000, 'mcpscope and the demo server');
    const tree = descendants(sh.pid!);
    sh.kill('SIGKILL');
    await waitFor(() => tree.every((pid) => !isAlive(pid)), 10_000, 'mcpscope and the demo server to be gone');
  });

  // A plain launch listens before commander loads (launch-argv.ts); these behave as before.
  it('reports a port in use as before (the early listener found it first)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [bundle.cli, '--no-open', '--port', String(port), '--demo'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      expect((await exitOf(child)).code).toBe(1);
      expect(stderr).toBe(`mcpscope: port ${port} is already in use; pick another with --port (0 = any free port)\n`);
    } finally {
      taken.close();
    }
  });

  it('leaves a bad option value to commander, with its message, and frees the port', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise((resolve) => free.close(resolve));
    const child = spawn(process.execPath, [bundle.cli, '--no-open', '--port', String(port), '--transport', 'bogus'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect((await exitOf(child)).code).toBe(1);
    expect(stderr).toMatch(
      /^error: option '--transport <kind>' argument 'bogus' is invalid\. Allowed choices are stdio, http, sse, auto\.\n\(run mcpscope --help for usage\)\n$/,
    );
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    again.close();
  });

  it("runs `call` for `-- call …` as commander always did, and keeps a server's own --help after --", async () => {
    const call = spawn(process.execPath, [bundle.cli, '--', 'call', 'tools/list', process.execPath, bundle.demo], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    call.stdout.on('data', (d) => (stdout += d));
    expect((await exitOf(call)).code).toBe(0);
    expect(JSON.parse(stdout).tools.length).toBeGreaterThan(0);

    const child = launch(['--', process.execPath, bundle.demo, '--help']);
    await waitForLine(child, LINE);
    child.kill('SIGTERM');
    expect((await exitOf(child)).code).toBe(0);
  });

  it('stopped the moment it is listening, leaves no PID namespace holder behind (the server was still starting)', async () => {
    const before = new Set(orphanedNamespaceHolders());
    for (let i = 0; i < 3; i++) {
      const child = launch(['--', process.execPath, bundle.demo]);
      await waitForLine(child, LINE);
      child.kill('SIGTERM');
      expect((await exitOf(child)).code).toBe(0);
    }
    // Its supervisor ends a holder within ~1 s (the holder ignores SIGTERM, SIGKILL follows).
    await waitFor(() => orphanedNamespaceHolders().every((pid) => before.has(pid)), 5_000, 'no holder left to init');
  });

  /** The first session of the mcpscope on `port` once it is connected, with its events. */
  async function connectedSession(port: string): Promise<{ id: string; events: SessionEvent[] }> {
    const headers = { authorization: 'Bearer test-token-123' };
    const id = await vi.waitFor(
      async () => {
        const { sessions } = (await (await fetch(`http://127.0.0.1:${port}/api/sessions`, { headers })).json()) as {
          sessions: Array<{ id: string; state: string }>;
        };
        if (sessions[0]?.state !== 'connected') throw new Error(`not connected yet: ${JSON.stringify(sessions)}`);
        return sessions[0].id;
      },
      { timeout: 10_000, interval: 20 },
    );
    const res = await fetch(`http://127.0.0.1:${port}/api/sessions/${id}/events?from=0&limit=1000`, { headers });
    return { id, events: ((await res.json()) as { events: SessionEvent[] }).events };
  }

  it("starts a plain launch's server while it loads: once, before its API listens, and the session takes it", async () => {
    const { script, log } = stampedServer('ahead');
    const child = launch(['--', process.execPath, script], { MCPSCOPE_TOKEN: 'test-token-123' });
    const [, , port] = await waitForLine(child, LINE);
    const listening = Date.now();
    await connectedSession(port!);
    expect(stamps(log)).toHaveLength(1);
    expect(stamps(log)[0]).toBeLessThan(listening);
    child.kill('SIGTERM');
    expect((await exitOf(child)).code).toBe(0);
  });

  it('starts the demo server of a plain --demo launch while it loads, and the session takes it', async () => {
    const child = launch(['--demo'], { MCPSCOPE_TOKEN: 'test-token-123' });
    const [, , port] = await waitForLine(child, LINE);
    const listening = ticksNow();
    const { events } = await connectedSession(port!);
    const spawned = events.filter((e) => e.type === 'lifecycle' && e.phase === 'spawn') as Array<{ pid?: number }>;
    expect(spawned).toHaveLength(1);
    const pid = spawned[0]!.pid!;
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1]).toBe(bundle.demo);
    expect(startTicks(pid)).toBeLessThanOrEqual(listening);
    child.kill('SIGTERM');
    expect((await exitOf(child)).code).toBe(0);
  });

  it('starts no server when its port is in use (it exits without needing one)', async () => {
    const { script, log } = stampedServer('port-taken');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const child = spawn(process.execPath, [bundle.cli, '--no-open', '--port', String(port), '--', process.execPath, script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect((await exitOf(child)).code).toBe(1);
      expect(existsSync(log)).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('refuses a non-loopback --host without --allow-remote', async () => {
    const child = spawn(process.execPath, [bundle.cli, '--no-open', '--host', '0.0.0.0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect((await exitOf(child)).code).toBe(1);
    expect(stderr).toMatch(/--allow-remote/);
  });
});
