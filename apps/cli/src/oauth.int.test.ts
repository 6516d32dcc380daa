import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthServers, type OAuthServers } from '../../../e2e/fixtures/oauth-servers.js';
import { buildTestBundle, runCli, type TestBundle } from './test-helpers.js';

let bundle: TestBundle;
let servers: OAuthServers;
beforeAll(async () => {
  [bundle, servers] = await Promise.all([buildTestBundle(), startOAuthServers()]);
});
afterAll(async () => {
  bundle?.cleanup();
  await servers?.close();
});

describe('mcpscope call --oauth-headless (the built bundle, oidc-provider, a protected MCP server)', () => {
  it('authorizes with DCR + PKCE and lists tools; the trace keeps every step and no secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-oauth-cli-'));
    const trace = join(dir, 't.ndjson');
    const r = await runCli(bundle.cli, [
      'call',
      'tools/list',
      '--url',
      servers.mcpUrl,
      '--oauth-headless',
      '--scope',
      'mcp:read',
      '--record',
      trace,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tools.length).toBeGreaterThan(0);
    const text = readFileSync(trace, 'utf8');
    expect(text).toContain('"step":"token-exchange"');
    expect(text).not.toMatch(/"access_token":"(?!\[REDACTED\])/);
    // A token after Bearer, not a WWW-Authenticate challenge's auth-param (Bearer resource_metadata="…").
    expect(text).not.toMatch(/Bearer (?!\[REDACTED\])(?![A-Za-z0-9_-]+=\\?")[A-Za-z0-9]/);
    expect(text).not.toMatch(/[?&]code=(?!\[REDACTED\])/);
  });

  it('uses a pre-registered client and persists tokens with --token-file (0600)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-oauth-cli-'));
    const file = join(dir, 'tokens.json');
    const c = servers.clients.confidential;
    const args = [
      'call',
      'tools/list',
      '--url',
      servers.mcpUrl,
      '--oauth-headless',
      '--client-id',
      c.id,
      '--client-secret',
      c.secret,
      '--scope',
      'mcp:read',
      '--token-file',
      file,
    ];
    const r = await runCli(bundle.cli, args);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(c.secret.slice(5));
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')))).toEqual([`${servers.issuer} ${servers.mcpUrl}`]);
  });

  it('rejects OAuth flags without --oauth', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--url', servers.mcpUrl, '--scope', 'x']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/need --oauth/);
  });
});
