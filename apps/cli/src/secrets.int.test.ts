import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHttpServer, type DemoHttpServer } from '@mcpscope/demo-server';
import { parseTrace, toHar } from '@mcpscope/trace';
import { buildTestBundle, exitOf, runCli, waitForLine, type TestBundle } from './test-helpers.js';

/** Secrets: no token, cookie or API key in any trace, export, or mcpscope's own output. */
const BEARER = 'sk-bearer-6f1c2a9e77d04';
const API_KEY = 'apikey-93b1d7c0aa';
const COOKIE = 'sid=cookie-secret-5512ef';
const SECRETS = [BEARER, API_KEY, 'cookie-secret-5512ef'];
const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;

let bundle: TestBundle;
let demo: DemoHttpServer;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  demo = await startDemoHttpServer({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-secrets-'));
});
afterAll(async () => {
  bundle?.cleanup();
  await demo?.close();
});

function expectClean(what: string, text: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${what} contains ${secret}`).toBe(false);
}

const authArgs = () => ['--url', demo.url, '--bearer', BEARER, '--header', `X-Api-Key: ${API_KEY}`, '--header', `Cookie: ${COOKIE}`];

describe('secrets stay out of traces, exports and logs', () => {
  it('call and check: the recorded trace, its HAR and JSON exports, stdout and stderr', async () => {
    const trace = join(dir, 'call.ndjson');
    const call = await runCli(bundle.cli, ['call', 'tools/list', ...authArgs(), '--record', trace]);
    expect(call.code).toBe(0);
    expectClean('call output', call.stdout + call.stderr);
    const text = readFileSync(trace, 'utf8');
    expect(text).toContain('"http"'); // the exchanges were recorded, headers and all…
    expectClean('trace', text); // …with the secrets redacted
    const parsed = parseTrace(text);
    expectClean('HAR export', JSON.stringify(toHar(parsed.header, parsed.events)));
    expectClean('JSON export', JSON.stringify(parsed.events));

    const checked = join(dir, 'check.ndjson');
    const check = await runCli(bundle.cli, ['check', '--format', 'json', ...authArgs(), '--record', checked]);
    expectClean('check report', check.stdout + check.stderr);
    expectClean('check trace', readFileSync(checked, 'utf8'));
  });

  it("launch: the proxy's log and the traces it recorded (downloaded through the API)", async () => {
    const env = { ...process.env, XDG_DATA_HOME: join(dir, 'data') };
    const child = spawn(process.execPath, [bundle.cli, '--no-open', '--port', '0', ...authArgs()], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const [, , port, token] = await waitForLine(child, LINE);
    try {
      const headers = { authorization: `Bearer ${token}` };
      const base = `http://127.0.0.1:${port}/api`;
      type Listed = { sessions: Array<{ id: string; state: string }> };
      let sessions: Listed['sessions'] = [];
      const connected = async () => {
        sessions = ((await (await fetch(`${base}/sessions`, { headers })).json()) as Listed).sessions;
        return sessions[0]?.state === 'connected';
      };
      for (let i = 0; i < 200 && !(await connected()); i++) await new Promise((r) => setTimeout(r, 25));
      expect(sessions[0].state).toBe('connected');
      // The live events API is the user's own view (token-protected) and may show what they typed;
      // what leaves as a file must not: the session's recorded trace.
      const { traces } = (await (await fetch(`${base}/traces`, { headers })).json()) as { traces: Array<{ id: string }> };
      expect(traces.length).toBeGreaterThan(0);
      for (const t of traces) {
        const text = await (await fetch(`${base}/traces/${encodeURIComponent(t.id)}`, { headers })).text();
        expect(text).toContain('mcpscope-trace');
        expectClean(`trace ${t.id}`, text);
      }
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
    expectClean('proxy log', log);
  });
});
