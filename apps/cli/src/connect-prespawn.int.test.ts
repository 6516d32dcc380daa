import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { buildTestBundle, isAlive, runCli, startTicks, ticksNow, waitFor, type TestBundle } from './test-helpers.js';

/**
 * `connect` with no mcpscope running starts one in the background and hands it the stdio server
 * on a private socket: the server starts while that mcpscope loads, and the session, opened there
 * before its API listens, takes it (no second server); `connect`'s request gets that session (no
 * second one). Real bundle, real raw stdio server.
 */
const RAW_SERVER = fileURLToPath(new URL('../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));

let bundle: TestBundle;
let root: string;
let data: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  root = mkdtempSync(join(tmpdir(), 'mcpscope-connect-prespawn-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});
afterEach(async () => {
  await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
});

const cmdline = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

describe('connect, cold', () => {
  it.each([
    ['a command (the fast path)', (marker: string) => ['--', process.execPath, RAW_SERVER, marker]],
    [
      'a command with -e (the commander path)',
      (marker: string) => ['-e', 'FIXTURE_MODE=plain', '--', process.execPath, RAW_SERVER, marker],
    ],
  ])('starts the server with the background mcpscope, and the session takes that one: %s', { timeout: 90_000 }, async (_what, target) => {
    data = join(root, `data-${Date.now()}`);
    const marker = `prespawn-${process.pid}-${Date.now()}`;
    const r = await runCli(bundle.cli, ['connect', '--name', 'p', '--json', ...target(marker)], { XDG_DATA_HOME: data });
    expect(r.code, r.stderr).toBe(0);
    const { mcpscope, session } = JSON.parse(r.stdout) as {
      mcpscope: { pid: number; url: string };
      session: { id: string; name: string; createdAt: number };
    };
    const entryFile = join(data, 'mcpscope', 'running', `${mcpscope.pid}.json`);
    const { token } = JSON.parse(readFileSync(entryFile, 'utf8')) as { token: string };
    const res = await fetch(new URL(`api/sessions/${session.id}/events?from=0&limit=1000`, mcpscope.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    const { events } = (await res.json()) as { events: SessionEvent[] };
    const spawned = events.filter((e) => e.type === 'lifecycle' && e.phase === 'spawn') as Array<{ pid?: number }>;
    expect(spawned).toHaveLength(1);
    // The only server process with the marker is the session's, and it started before this
    // mcpscope announced itself; so was the session opened, and it is the only one.
    const servers = readdirPids().filter((pid) => cmdline(pid)[1] === RAW_SERVER && cmdline(pid).includes(marker) && isAlive(pid));
    expect(servers).toEqual([spawned[0]!.pid]);
    const announcedAt = statSync(entryFile).mtimeMs;
    const announcedTicks = ticksNow() - Math.round((Date.now() - announcedAt) / 10);
    expect(startTicks(servers[0]!)).toBeLessThanOrEqual(announcedTicks);
    expect(session.createdAt).toBeLessThanOrEqual(announcedAt);
    const listed = (await (
      await fetch(new URL('api/sessions', mcpscope.url), { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      sessions: Array<{ id: string; name: string }>;
    };
    expect(listed.sessions).toEqual([expect.objectContaining({ id: session.id, name: 'p' })]);
    await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
    await waitFor(() => !isAlive(servers[0]!), 5_000, 'the server to stop with mcpscope');
  });
});

const readdirPids = (): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
