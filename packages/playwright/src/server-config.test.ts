import { describe, expect, it } from 'vitest';
import { sessionConfigOf } from './server-config.js';
import { McpServerOptionError } from './server-option-error.js';

describe('the mcpServer option', () => {
  it('a command is a stdio session with the given args, env and cwd', () => {
    expect(sessionConfigOf({ command: 'node', args: ['s.js'], env: { A: '1' }, cwd: '/tmp' }).config).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['s.js'],
      env: { A: '1' },
      cwd: '/tmp',
    });
    expect(sessionConfigOf({ command: 'node' }).config).toEqual({ transport: 'stdio', command: 'node', args: [], env: {} });
  });

  it('a URL is Streamable HTTP with the legacy SSE fallback, headers and a bearer token', () => {
    const { config, open } = sessionConfigOf({ url: 'http://127.0.0.1:3000/mcp', headers: { 'x-a': 'b' }, bearer: 'tok' });
    expect(config).toEqual({ transport: 'auto', url: 'http://127.0.0.1:3000/mcp', headers: { 'x-a': 'b' }, bearerToken: 'tok' });
    expect(open).toEqual({});
  });

  it('OAuth: a secret means client credentials; without one the authorization code flow is followed headless', () => {
    const machine = sessionConfigOf({ url: 'http://127.0.0.1/mcp', oauth: { clientId: 'm', clientSecret: 's3cret' } });
    expect(machine.config).toMatchObject({ oauth: { grant: 'client_credentials', clientId: 'm', clientSecret: 's3cret' } });
    expect(machine.open.oauthUserAgent).toBeUndefined();
    const code = sessionConfigOf({ url: 'http://127.0.0.1/mcp', oauth: { scope: 'mcp:read' } });
    expect(code.config).toMatchObject({ oauth: { grant: 'authorization_code', scope: 'mcp:read' } });
    expect(typeof code.open.oauthUserAgent).toBe('function');
  });

  it('a missing or wrong option says what to write, naming the field', () => {
    expect(() => sessionConfigOf(undefined)).toThrow(McpServerOptionError);
    expect(() => sessionConfigOf(undefined)).toThrow(/set the mcpServer option, e\.g\. test\.use/);
    expect(() => sessionConfigOf({ command: '' })).toThrow(/command:/);
    expect(() => sessionConfigOf({ command: 'node', argz: ['x'] })).toThrow(/argz/);
    expect(() => sessionConfigOf({ url: 'ftp://example.com/mcp' })).toThrow(/url must be an http:\/\/ or https:\/\/ URL/);
    expect(() => sessionConfigOf({ url: 'http://x/mcp', transport: 'websocket' })).toThrow(/transport/);
    expect(() => sessionConfigOf('node server.js')).toThrow(McpServerOptionError);
  });
});
