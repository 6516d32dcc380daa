import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, exitOf, isAlive, waitFor, type TestBundle } from '../test-helpers.js';

/**
 * A server that neither reads stdin nor exits when it closes: only a signal stops it. (Most
 * servers exit on stdin EOF, which would hide a wrap that leaves its server behind.)
 */
const STUBBORN = "process.stderr.write('server pid ' + process.pid + '\\n'); setInterval(() => {}, 1000)";

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

describe('mcpscope wrap and stop signals', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} to wrap stops its server and exits ${code}`, async () => {
      const wrap = spawn(process.execPath, [bundle.cli, 'wrap', '--no-record-all', '--', process.execPath, '-e', STUBBORN], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      wrap.stderr.on('data', (d) => (stderr += d));
      let serverPid = 0;
      try {
        await waitFor(() => (serverPid = Number(/server pid (\d+)/.exec(stderr)?.[1] ?? 0)) > 0, 10_000, 'the server to start');
        wrap.kill(signal);
        const exit = await exitOf(wrap);
        expect(exit).toEqual({ code, signal: null });
        await waitFor(() => !isAlive(serverPid), 3_000, 'the server to be gone');
      } finally {
        if (serverPid && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
        if (wrap.exitCode === null && wrap.signalCode === null) wrap.kill('SIGKILL');
      }
    });
  }
});
