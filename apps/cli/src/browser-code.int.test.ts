import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, exitOf, waitFor, waitForLine, type TestBundle } from './test-helpers.js';

/**
 * The browser gets a single-use code, never the token (its argv is readable by
 * every local user with `ps`, and its history is on disk); ui.json is 0600; what a SIGKILLed
 * mcpscope leaves (ui.json, spill folder) is cleaned at the next start.
 */
let bundle: TestBundle;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-browser-code-'));
});
afterAll(() => {
  bundle?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;

describe('mcpscope opens the browser on a code', () => {
  it('hands the browser a code, not the token; the code works once; ui.json is 0600 and cleaned after SIGKILL', async () => {
    const argvLog = join(dir, 'browser-argv.txt');
    const browser = join(dir, 'fake-browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${argvLog}'\n`);
    chmodSync(browser, 0o755);
    const data = join(dir, 'data');
    const tmp = join(dir, 'tmp');
    mkdirSync(join(data, 'mcpscope'), { recursive: true });
    mkdirSync(tmp);
    const uiJson = join(data, 'mcpscope', 'ui.json');
    // An older, wider ui.json of a process that is gone.
    writeFileSync(uiJson, JSON.stringify({ url: 'http://127.0.0.1:1/', token: 'old', pid: 999_999_999 }), { mode: 0o644 });
    chmodSync(uiJson, 0o644);
    const env = { ...process.env, MCPSCOPE_BROWSER: browser, XDG_DATA_HOME: data, TMPDIR: tmp };

    const first = spawn(process.execPath, [bundle.cli, '--port', '0', '--demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const [, , port, token] = await waitForLine(first, LINE);
    await waitFor(() => existsSync(argvLog) && readFileSync(argvLog, 'utf8').endsWith('\n'), 10_000, 'the fake browser to run');
    const argv = readFileSync(argvLog, 'utf8').trim().split('\n');
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#code=[\\w-]{22}$`));
    expect(argv[0]).not.toContain(token!);

    const code = argv[0]!.split('#code=')[1];
    const exchange = () =>
      fetch(`http://127.0.0.1:${port}/api/session-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    const ok = await exchange();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ token });
    const again = await exchange();
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('MCPSCOPE_ERR_SESSION_CODE_INVALID');

    expect(statSync(uiJson).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(uiJson, 'utf8'))).toEqual({ url: `http://127.0.0.1:${port}/`, token, pid: first.pid });

    // SIGKILL: no cleanup runs. Its ui.json stays, and the spill folder it would have left.
    first.kill('SIGKILL');
    await exitOf(first);
    const spill = join(tmp, `mcpscope-spill-${first.pid}-Ab12Cd`);
    mkdirSync(spill);
    writeFileSync(join(spill, 's-1.ndjson'), '{}\n');
    expect(JSON.parse(readFileSync(uiJson, 'utf8')).pid).toBe(first.pid);

    const second = spawn(process.execPath, [bundle.cli, '--no-open', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await waitForLine(second, LINE);
      expect(existsSync(spill)).toBe(false);
      expect(JSON.parse(readFileSync(uiJson, 'utf8')).pid).toBe(second.pid);
      expect(statSync(uiJson).mode & 0o777).toBe(0o600);
      expect(readFileSync(argvLog, 'utf8').trim().split('\n')).toHaveLength(1); // --no-open opened nothing
    } finally {
      second.kill('SIGTERM');
      expect((await exitOf(second)).code).toBe(0);
    }
    expect(existsSync(uiJson)).toBe(false); // a clean exit removes its own entry
  });
});
