import { describe, expect, it } from 'vitest';
import { displayName, emptyForm, fromSessionConfig, toSessionConfig } from './connectionForm';
import { importMcpServers } from './importMcpServers';
import { redactForSaving } from './savedServers';

describe('toSessionConfig', () => {
  it('builds a stdio config, splitting a pasted command line', () => {
    const r = toSessionConfig({
      ...emptyForm,
      command: 'npx -y',
      argsLine: `@scope/pkg --name "a b"`,
      env: [
        { key: 'DEBUG', value: '1' },
        { key: ' ', value: 'x' },
      ],
    });
    expect(r).toEqual({
      ok: true,
      argv: ['npx', '-y', '@scope/pkg', '--name', 'a b'],
      config: { transport: 'stdio', command: 'npx', args: ['-y', '@scope/pkg', '--name', 'a b'], env: { DEBUG: '1' } },
    });
  });

  it('reports field errors instead of sending', () => {
    expect(toSessionConfig({ ...emptyForm })).toEqual({ ok: false, errors: { command: 'Enter the command that starts the server' } });
    expect(toSessionConfig({ ...emptyForm, command: 'node', argsLine: '"open' })).toEqual({
      ok: false,
      errors: { args: 'unterminated double quote' },
    });
    const http = toSessionConfig({ ...emptyForm, transport: 'http', url: 'ftp://x' });
    expect(http.ok).toBe(false);
    expect(!http.ok && http.errors.url).toMatch(/http/);
  });

  it('builds an HTTP config with headers and bearer token', () => {
    const r = toSessionConfig({
      ...emptyForm,
      transport: 'auto',
      url: ' http://127.0.0.1:3000/mcp ',
      headers: [{ key: 'X-A', value: 'b' }],
      bearerToken: 's3cret',
      name: 'api',
    });
    expect(r).toMatchObject({
      ok: true,
      config: { transport: 'auto', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-A': 'b' }, bearerToken: 's3cret', name: 'api' },
    });
  });

  it('round-trips a saved config into the form', () => {
    const form = fromSessionConfig({ transport: 'stdio', command: 'node', args: ['my server.js'], env: { A: '1' } });
    expect(form.argsLine).toBe(`'my server.js'`);
    expect(toSessionConfig(form)).toMatchObject({ ok: true, config: { command: 'node', args: ['my server.js'], env: { A: '1' } } });
  });

  it('derives a display name', () => {
    expect(displayName({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] })).toBe(
      'server-everything',
    );
    expect(displayName({ transport: 'http', url: 'http://localhost:3000/mcp' })).toBe('localhost:3000');
  });
});

describe('redactForSaving', () => {
  const config = {
    transport: 'http' as const,
    url: 'http://x',
    bearerToken: 't',
    headers: { Authorization: 'Bearer z', 'X-Trace': '1' },
    env: { GITHUB_TOKEN: 'g', PORT: '1' },
  };
  it('drops the bearer token and secret-looking values by default', () => {
    const { config: saved, omitted } = redactForSaving(config, false);
    expect(saved.bearerToken).toBeUndefined();
    expect(saved.headers).toEqual({ Authorization: '', 'X-Trace': '1' });
    expect(saved.env).toEqual({ GITHUB_TOKEN: '', PORT: '1' });
    expect(omitted).toEqual(['bearer token', 'env GITHUB_TOKEN', 'header Authorization']);
  });
  it('keeps everything when the user opts in', () => {
    expect(redactForSaving(config, true).config).toEqual(config);
  });
});

describe('importMcpServers', () => {
  it('reads stdio and remote servers', () => {
    const r = importMcpServers(
      JSON.stringify({
        mcpServers: {
          everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { A: 'b' } },
          remote: { type: 'streamable-http', url: 'https://example.com/mcp', headers: { 'X-K': 'v' } },
          legacy: { url: 'http://localhost:8080/sse', transport: 'sse' },
          unknown: { url: 'http://localhost:9/mcp' },
        },
      }),
    );
    expect(r).toEqual({
      ok: true,
      servers: [
        {
          name: 'everything',
          config: {
            transport: 'stdio',
            name: 'everything',
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-everything'],
            env: { A: 'b' },
          },
        },
        { name: 'remote', config: { transport: 'http', name: 'remote', url: 'https://example.com/mcp', headers: { 'X-K': 'v' } } },
        { name: 'legacy', config: { transport: 'sse', name: 'legacy', url: 'http://localhost:8080/sse', headers: {} } },
        { name: 'unknown', config: { transport: 'auto', name: 'unknown', url: 'http://localhost:9/mcp', headers: {} } },
      ],
    });
  });
  it('accepts the bare map and explains bad input', () => {
    expect(importMcpServers('{"a":{"command":"x"}}')).toMatchObject({ ok: true, servers: [{ name: 'a' }] });
    expect(importMcpServers('{')).toMatchObject({ ok: false });
    expect(importMcpServers('{"mcpServers":{"a":{}}}')).toEqual({ ok: false, error: 'Server "a" has neither "command" nor "url"' });
  });
});
