import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headlessUserAgent } from '@mcpscope/engine';
import { startOAuthServers, type OAuthServers } from '../../../e2e/fixtures/oauth-servers.js';
import { buildTestBundle, exitOf, waitForLine, type TestBundle } from './test-helpers.js';

let bundle: TestBundle;
let servers: OAuthServers;
beforeAll(async () => {
  [bundle, servers] = await Promise.all([buildTestBundle(), startOAuthServers()]);
});
afterAll(async () => {
  bundle?.cleanup();
  await servers?.close();
});

const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;

/** Polls an async condition (no fixed sleeps) until it yields a value. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('mcpscope --url … --oauth (launch: the UI authorizes through /oauth/callback)', () => {
  it('holds the connect on a pending authorization, then connects after the callback', async () => {
    const child = spawn(
      process.execPath,
      [bundle.cli, '--no-open', '--port', '0', '--url', servers.mcpUrl, '--oauth', '--scope', 'mcp:read'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const [, , port, token] = await waitForLine(child, LINE);
      const base = `http://127.0.0.1:${port}`;
      const api = async (path: string, init: RequestInit = {}) =>
        (
          await fetch(`${base}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
        ).json();
      const pending = await until(
        async () => ((await api('/sessions/s1/oauth')) as { pendingAuthorizationUrl?: string }).pendingAuthorizationUrl,
        'a pending authorization',
      );
      const redirectUrl = `${base}/oauth/callback`;
      expect(new URL(pending).searchParams.get('redirect_uri')).toBe(redirectUrl);
      expect((await api('/sessions')).sessions[0].state).toBe('connecting');

      const params = await headlessUserAgent()(new URL(pending), redirectUrl);
      const page = await fetch(
        `${redirectUrl}?${new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][])}`,
      );
      expect(page.status).toBe(200);
      await until(async () => ((await api('/sessions')).sessions[0].state === 'connected' ? true : undefined), 'the session to connect');
      const listed = await api('/sessions/s1/requests', { method: 'POST', body: JSON.stringify({ method: 'tools/list' }) });
      expect(listed.outcome).toBe('result');
      expect((await api('/sessions/s1/oauth')).authorized).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  });
});
