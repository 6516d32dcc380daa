import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NAMESPACE_INIT } from '../../../packages/engine/src/transports/pid-namespace.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, exitOf, isAlive, parentOf, runCli, waitFor, waitForLine, type TestBundle } from './test-helpers.js';

/**
 * No orphaned processes: whatever ends mcpscope or a session, the server's whole tree
 * (server + a grandchild it started) is gone within 3 s — SIGKILL included (the watchdog).
 */
const RAW_SERVER = fileURLToPath(new URL('../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));
const SETSID_SERVER = fileURLToPath(new URL('../../../packages/engine/test-fixtures/setsid-server.mjs', import.meta.url));
const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;
const TOKEN = 'orphan-test-token';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The holder of a server's PID namespace (`unshare`) and the init inside it (pid-namespace.ts). */
function isNamespacePlumbing(pid: number): boolean {
  const argv = cmdline(pid).split('\0');
  return argv[0] === 'unshare' || (argv[0] === '/bin/sh' && argv[2] === NAMESPACE_INIT);
}

/** Processes whose command line holds `marker` (the supervisor and the server, not mcpscope itself), and their descendants. */
function treeOf(marker: string, cli: number): number[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const found = all.filter((p) => p !== process.pid && p !== cli && cmdline(p).includes(marker));
  for (let i = 0; i < found.length; i++) for (const p of all) if (parentOf(p) === found[i] && !found.includes(p)) found.push(p);
  return found.filter(isAlive);
}

/** Process group (field 5 of /proc/<pid>/stat); a process that called setsid leads its own. */
function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

async function launchWithTree(
  marker: string,
  server: string[] = ['-e', 'FIXTURE_MODE=grandchild', '--', process.execPath, RAW_SERVER, marker],
  size = 3,
) {
  const child = spawn(process.execPath, [bundle.cli, '--no-open', '--port', '0', ...server], {
    env: { ...process.env, MCPSCOPE_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, , port] = await waitForLine(child, LINE);
  // supervisor + server + grandchild(ren), not counting the PID namespace's holder and init
  // (the supervisor's children too, there from before the server starts)
  await waitFor(
    () => treeOf(marker, child.pid!).filter((pid) => !isNamespacePlumbing(pid)).length >= size,
    10_000,
    'the server and its grandchild',
  );
  return { child, port: Number(port), tree: treeOf(marker, child.pid!) };
}

describe('no orphaned server processes', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to mcpscope takes the server and its grandchild down within 3 s`, async () => {
      const marker = `orphan-${signal}-${process.pid}-${Date.now()}`;
      const { child, tree } = await launchWithTree(marker);
      const killedAt = performance.now();
      child.kill(signal);
      await exitOf(child);
      await waitFor(() => tree.every((pid) => !isAlive(pid)), 3_000, `the server tree to be gone after ${signal}`);
      expect(performance.now() - killedAt).toBeLessThan(3_000);
    });
  }

  it('SIGKILL to mcpscope also takes down grandchildren that left the group with setsid', async () => {
    const marker = `orphan-setsid-${process.pid}-${Date.now()}`;
    // supervisor + server + `setsid sleep` + a detached node child; the server outlives its stdin.
    const { child, tree } = await launchWithTree(marker, ['--', process.execPath, SETSID_SERVER, '--stay', marker], 4);
    const strays = tree.filter((pid) => groupOf(pid) === pid && !cmdline(pid).includes(marker) && !isNamespacePlumbing(pid));
    try {
      expect(strays).toHaveLength(2);
      child.kill('SIGKILL');
      await exitOf(child);
      await waitFor(() => tree.every((pid) => !isAlive(pid)), 3_000, 'the setsid grandchildren to be gone after SIGKILL');
    } finally {
      // A failed expectation must not leave mcpscope and its server running.
      child.kill('SIGKILL');
      for (const pid of tree) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('call exits once it has printed: a server that ignores stdin EOF and SIGTERM is left to its supervisor, which stops it', async () => {
    const marker = `orphan-call-${process.pid}-${Date.now()}`;
    const r = await runCli(bundle.cli, [
      'call',
      'tools/list',
      '-e',
      'FIXTURE_MODE=ignore-stdin-eof',
      '--',
      process.execPath,
      RAW_SERVER,
      marker,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tools).toHaveLength(1);
    // call did not wait out the stop (1 s grace, SIGTERM ignored, 1 s, SIGKILL): the server and its supervisor are still there…
    const left = treeOf(marker, 0);
    expect(left.length).toBeGreaterThanOrEqual(2);
    try {
      // …until the supervisor's SIGKILL round.
      await waitFor(() => left.every((pid) => !isAlive(pid)), 10_000, 'the supervisor to stop the server');
    } finally {
      for (const pid of left) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('closing the session through the API takes the tree down within 3 s, mcpscope stays up', async () => {
    const marker = `orphan-close-${process.pid}-${Date.now()}`;
    const { child, port, tree } = await launchWithTree(marker);
    try {
      const headers = { authorization: `Bearer ${TOKEN}` };
      const { sessions } = (await (await fetch(`http://127.0.0.1:${port}/api/sessions`, { headers })).json()) as {
        sessions: Array<{ id: string }>;
      };
      const closedAt = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/sessions/${sessions[0].id}`, { method: 'DELETE', headers });
      expect(res.status).toBeLessThan(300);
      await waitFor(() => tree.every((pid) => !isAlive(pid)), 3_000, 'the server tree to be gone after close');
      expect(performance.now() - closedAt).toBeLessThan(3_000);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  });
});
