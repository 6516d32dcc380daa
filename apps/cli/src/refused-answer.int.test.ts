import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from './exit-codes.js';
import { buildTestBundle, runCli, type TestBundle } from './test-helpers.js';

/**
 * An answer mcpscope refuses at its boundary (nested past 256 levels) reaches the CLI as the
 * server's fault with the reason, whether the call runs headless or through a running mcpscope's
 * API (`--session`): the same words and exit code, never mcpscope's internal error.
 */
const REFUSING = fileURLToPath(new URL('../../../packages/engine/test-fixtures/hostile/refusing-server.mjs', import.meta.url));
const REASON = "the server's answer was nested deeper than 256 levels; mcpscope refused it";

let bundle: TestBundle;
let data: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  data = mkdtempSync(join(tmpdir(), 'mcpscope-refused-'));
});
afterAll(async () => {
  if (bundle && data) await runCli(bundle.cli, ['stop'], { XDG_DATA_HOME: data });
  bundle?.cleanup();
  if (data) rmSync(data, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(bundle.cli, args, { XDG_DATA_HOME: data });
const server = (mode: string) => ['-e', `FIXTURE_MODE=${mode}`, '--', process.execPath, REFUSING];

describe('a refused answer in the CLI (built bundle, real hostile server)', () => {
  it('headless call: the reason, exit 3 (no usable answer)', { timeout: 60_000 }, async () => {
    const r = await cli(['call', 'tools/list', '--timeout', '20000', ...server('deep-answer')]);
    expect(r.stderr).toContain(`mcpscope: ${REASON}`);
    expect(r.stderr).not.toMatch(/internal|MCPSCOPE_ERR_INTERNAL/i);
    expect(r.code).toBe(ExitCode.Timeout);
  });

  it('call --session through the running mcpscope: the same words and exit code', { timeout: 90_000 }, async () => {
    const connected = await cli(['connect', '--name', 'deep', ...server('deep-call')]);
    expect(connected.code).toBe(0);
    const listed = await cli(['call', 'tools/list', '--session', 'deep']);
    expect(JSON.parse(listed.stdout).tools[0].name).toBe('deep');
    const r = await cli(['call', 'tools/call', '--tool', 'deep', '--session', 'deep', '--timeout', '20000']);
    expect(r.stderr).toContain(`mcpscope: ${REASON}`);
    expect(r.stderr).not.toMatch(/internal|MCPSCOPE_ERR_INTERNAL/i);
    expect(r.code).toBe(ExitCode.Timeout);
    // The session goes on: the server's bad answer failed only its own request.
    expect((await cli(['call', 'ping', '--session', 'deep'])).code).toBe(0);
  });
});
