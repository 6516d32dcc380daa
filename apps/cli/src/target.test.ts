import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioSessionConfig } from '@mcpscope/engine';
import { CliError } from './exit-codes.js';
import { parseOptions, TargetOptionsSchema } from './options.js';
import { resolveTarget, type TargetContext } from './target.js';

const demo: StdioSessionConfig = { transport: 'stdio', command: '/usr/bin/node', args: ['/x/demo.js'], env: {}, name: 'demo' };
const ctx: TargetContext = {
  demo: () => demo,
  loadConfig: (file, server) => ({ transport: 'stdio', command: 'from-config', args: [file], env: { A: '1' }, name: server }),
};

const target = (raw: Record<string, unknown>, command: string[] = []) =>
  resolveTarget(parseOptions(TargetOptionsSchema, raw), command, ctx);

describe('target options', () => {
  it('parses repeatable headers and env vars at the boundary', () => {
    const opts = parseOptions(TargetOptionsSchema, { header: ['X-A: 1', 'X-B:two: three'], env: ['K=V', 'EMPTY=', 'EQ=a=b'] });
    expect(opts.header).toEqual({ 'X-A': '1', 'X-B': 'two: three' });
    expect(opts.env).toEqual({ K: 'V', EMPTY: '', EQ: 'a=b' });
    expect(opts.redact).toBe(true);
  });

  it('rejects malformed values with the option name', () => {
    expect(() => parseOptions(TargetOptionsSchema, { header: ['nocolon'] })).toThrow(/--header "nocolon" must look like "Name: value"/);
    expect(() => parseOptions(TargetOptionsSchema, { env: ['=x'] })).toThrow(/KEY=VALUE/);
    expect(() => parseOptions(TargetOptionsSchema, { url: 'ftp://x' })).toThrow(/--url must be an http\(s\) URL/);
    expect(() => parseOptions(TargetOptionsSchema, { transport: 'ws' })).toThrow(CliError);
  });

  it('a command is stdio, with env and cwd', async () => {
    expect(await target({ env: ['A=1'], cwd: '/tmp' }, ['node', 'server.js', '--flag'])).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--flag'],
      env: { A: '1' },
      cwd: '/tmp',
    });
  });

  it('--probe-timeout goes to a command (stdio) session, and is refused for --url', async () => {
    expect(await target({ probeTimeout: '800' }, ['node', 'server.js'])).toMatchObject({ transport: 'stdio', probeTimeoutMs: 800 });
    await expect(target({ url: 'http://127.0.0.1:3001/mcp', probeTimeout: '800' })).rejects.toThrow(/--probe-timeout applies to a command/);
    expect(() => parseOptions(TargetOptionsSchema, { probeTimeout: 'soon' })).toThrow(/--probe-timeout must be a number/);
    expect(() => parseOptions(TargetOptionsSchema, { probeTimeout: '0' })).toThrow(/at least 1 ms/);
  });

  it('a URL is auto unless --transport says otherwise, with headers and bearer', async () => {
    expect(await target({ url: 'http://127.0.0.1:3001/mcp', header: ['X-A: 1'], bearer: 'tok' })).toEqual({
      transport: 'auto',
      url: 'http://127.0.0.1:3001/mcp',
      headers: { 'X-A': '1' },
      bearerToken: 'tok',
    });
    expect(await target({ url: 'http://h/sse', transport: 'sse' })).toMatchObject({ transport: 'sse' });
  });

  it('--demo and --config resolve through the context, merging extras', async () => {
    expect(await target({ demo: true })).toEqual(demo);
    expect(await target({ config: 'c.json', server: 's', env: ['B=2'] })).toEqual({
      transport: 'stdio',
      command: 'from-config',
      args: ['c.json'],
      env: { A: '1', B: '2' },
      name: 's',
    });
  });

  it('no target is fine for launch', async () => {
    expect(await target({})).toBeUndefined();
  });

  it('refuses contradictory combinations', async () => {
    await expect(target({ url: 'http://h/mcp' }, ['node'])).rejects.toThrow(/one target, not a command and --url/);
    await expect(target({ demo: true, config: 'x' })).rejects.toThrow(/one target/);
    await expect(target({ transport: 'http' }, ['node'])).rejects.toThrow(/--transport http does not fit this target \(a command\)/);
    await expect(target({ url: 'http://h/mcp', transport: 'stdio' })).rejects.toThrow(/does not fit/);
    await expect(target({ header: ['A: b'] }, ['node'])).rejects.toThrow(/--header and --bearer apply to HTTP servers/);
    await expect(target({ url: 'http://h/mcp', env: ['A=1'] })).rejects.toThrow(/--env and --cwd apply to a command/);
    await expect(target({ server: 's' })).rejects.toThrow(/--server needs --config/);
    await expect(target({ bearer: 'x' })).rejects.toThrow(/need a target/);
  });

  it('maps the OAuth client options (CIMD, client_credentials, private_key_jwt) to the OAuthConfig', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-jwk-'));
    const jwk = join(dir, 'key.jwk');
    writeFileSync(jwk, JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', alg: 'ES256' }));
    const cimd = await target({ url: 'http://h/mcp', oauthHeadless: true, clientMetadataUrl: 'https://c.example/client.json' });
    expect(cimd).toMatchObject({ oauth: { clientMetadataUrl: 'https://c.example/client.json' } });
    const machine = await target({
      url: 'http://h/mcp',
      oauthHeadless: true,
      grant: 'client_credentials',
      clientId: 'c',
      authMethod: 'private_key_jwt',
      privateKeyJwk: jwk,
    });
    expect(machine).toMatchObject({
      oauth: { grant: 'client_credentials', clientId: 'c', authMethod: 'private_key_jwt', privateKeyJwk: { kty: 'EC', alg: 'ES256' } },
    });
    await expect(target({ url: 'http://h/mcp', grant: 'client_credentials' })).rejects.toThrow(/need --oauth or --oauth-headless/);
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, grant: 'client_credentials' })).rejects.toThrow(/needs --client-id/);
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, privateKeyJwk: jwk })).rejects.toThrow(
      /needs --auth-method private_key_jwt/,
    );
    writeFileSync(jwk, '{"kty":"EC"}');
    await expect(
      target({ url: 'http://h/mcp', oauthHeadless: true, clientId: 'c', authMethod: 'private_key_jwt', privateKeyJwk: jwk }),
    ).rejects.toThrow(/must hold a JWK/);
  });

  it('maps --grant cross-app-access and the --idp-* options (SEP-990), and refuses incomplete ones', async () => {
    const idp = { idpTokenEndpoint: 'http://idp/token', idpIdToken: 'id.tok.en', idpClientId: 'idp-c' };
    const xaa = await target({
      url: 'http://h/mcp',
      oauthHeadless: true,
      grant: 'cross-app-access',
      clientId: 'c',
      clientSecret: 's',
      ...idp,
    });
    expect(xaa).toMatchObject({
      oauth: {
        grant: 'cross-app-access',
        clientId: 'c',
        crossApp: { idpTokenEndpoint: 'http://idp/token', idToken: 'id.tok.en', idpClientId: 'idp-c' },
      },
    });
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, grant: 'cross-app-access', clientId: 'c' })).rejects.toThrow(
      /needs --idp-token-endpoint/,
    );
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, grant: 'cross-app-access', ...idp })).rejects.toThrow(
      /needs --client-id/,
    );
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, ...idp })).rejects.toThrow(/need --grant cross-app-access/);
  });

  it('maps --dpop (fresh key, --dpop-alg, or --dpop-key) and refuses the DPoP options without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-dpop-'));
    const jwk = join(dir, 'dpop.jwk');
    writeFileSync(jwk, JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', alg: 'ES256' }));
    expect(await target({ url: 'http://h/mcp', oauthHeadless: true, dpop: true })).toMatchObject({ oauth: { dpop: {} } });
    expect(await target({ url: 'http://h/mcp', oauthHeadless: true, dpop: true, dpopAlg: 'EdDSA' })).toMatchObject({
      oauth: { dpop: { alg: 'EdDSA' } },
    });
    expect(await target({ url: 'http://h/mcp', oauthHeadless: true, dpop: true, dpopKey: jwk })).toMatchObject({
      oauth: { dpop: { privateKeyJwk: { kty: 'EC', alg: 'ES256' } } },
    });
    expect(((await target({ url: 'http://h/mcp', oauthHeadless: true })) as { oauth?: object }).oauth).not.toHaveProperty('dpop');
    await expect(target({ url: 'http://h/mcp', dpop: true })).rejects.toThrow(/need --oauth or --oauth-headless/);
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, dpopKey: jwk })).rejects.toThrow(/need --dpop/);
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, dpop: true, dpopAlg: 'ES256', dpopKey: jwk })).rejects.toThrow(
      /not both/,
    );
    expect(() => parseOptions(TargetOptionsSchema, { dpopAlg: 'HS256' })).toThrow(/dpopAlg|dpop-alg/);
  });

  it('maps --grant jwt-bearer with --assertion-file (SEP-1933), and refuses one without the other', async () => {
    const wif = await target({ url: 'http://h/mcp', oauthHeadless: true, grant: 'jwt-bearer', assertionFile: '/var/run/secrets/token' });
    expect(wif).toMatchObject({ oauth: { grant: 'jwt-bearer', assertionFile: '/var/run/secrets/token' } });
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, grant: 'jwt-bearer' })).rejects.toThrow(/needs --assertion-file/);
    await expect(target({ url: 'http://h/mcp', oauthHeadless: true, assertionFile: '/t' })).rejects.toThrow(/goes with --grant jwt-bearer/);
  });
});
