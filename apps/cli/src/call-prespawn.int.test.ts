import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, runCli, waitFor, type TestBundle } from './test-helpers.js';

/**
 * A one-shot `call -- command…` starts its server while mcpscope loads (call-argv.ts, engine
 * transports/prespawn.ts): the server is started once, what it wrote and did before the engine
 * took it is not lost, and a server nobody takes is still stopped.
 */
let bundle: TestBundle;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-prespawn-'));
});
afterAll(() => {
  bundle?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A wrapper that appends "<pid>\n" to `log` when it starts, then runs the demo server in the same process. */
function countedServer(name: string): { script: string; log: string } {
  const log = join(dir, `${name}.log`);
  const script = join(dir, `${name}.mjs`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, process.pid + '\\n');\nawait import(${JSON.stringify(bundle.demo)});\n`,
  );
  return { script, log };
}

/**
 * Whether `node <script>` still runs, found by its argv: the pid the server logs is the one it
 * sees, which in a PID namespace of its own is not the host's.
 */
function running(script: string): boolean {
  const argv = (pid: string): string => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, 2).join(' ');
    } catch {
      return '';
    }
  };
  return readdirSync('/proc').some((p) => /^\d+$/.test(p) && argv(p) === `${process.execPath} ${script}`);
}

const pids = (log: string): number[] => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(Number);

describe('call with a prespawned server', () => {
  it('starts the server once and answers as before', async () => {
    const { script, log } = countedServer('once');
    const out = await runCli(bundle.cli, ['call', 'tools/list', '--timeout', '20000', '--', process.execPath, script]);
    expect(out.code, out.stderr).toBe(0);
    expect((JSON.parse(out.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain('echo');
    expect(pids(log)).toHaveLength(1);
    await waitFor(() => !running(script), 5_000, 'the server to be stopped');
  });

  it('a server that wrote to stderr and exited before the engine took it: its exit code and stderr are reported', async () => {
    const script = join(dir, 'dies.mjs');
    writeFileSync(script, "process.stderr.write('boom: no config found\\n');\nprocess.exit(5);\n");
    const out = await runCli(bundle.cli, ['call', 'tools/list', '--', process.execPath, script]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('The server exited with code 5 during connect');
    expect(out.stderr).toContain('boom: no config found');
  });

  it('a call that fails before connecting still stops the server it started', async () => {
    const { script, log } = countedServer('unused');
    // tools/call without --tool: refused before any request is sent.
    const out = await runCli(bundle.cli, ['call', 'tools/call', '--', process.execPath, script]);
    expect(out.code).not.toBe(0);
    await waitFor(() => pids(log).length === 1, 5_000, 'the server to have started');
    await waitFor(() => !running(script), 5_000, 'the server to be stopped');
  });

  it('not for a call whose target options change how the server starts: started once, by the engine', async () => {
    const { script, log } = countedServer('env');
    const out = await runCli(bundle.cli, ['call', 'tools/list', '-e', 'PRESPAWN_TEST=1', '--', process.execPath, script]);
    expect(out.code, out.stderr).toBe(0);
    expect(pids(log)).toHaveLength(1);
  });
});
