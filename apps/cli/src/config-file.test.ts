import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerFromFile, selectServer, serverEntries } from './config-file.js';

const claude = JSON.stringify({
  mcpServers: {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } },
    remote: { url: 'https://example.com/mcp', headers: { 'X-Team': 'a' } },
    legacy: { type: 'sse', url: 'http://localhost:3001/sse' },
    streamable: { type: 'streamable-http', url: 'http://localhost:3001/mcp' },
    local: { command: 'node', cwd: '/srv/app' },
  },
});

describe('config files', () => {
  it('reads Claude Desktop / Cursor mcpServers entries', () => {
    expect(selectServer(claude, 'c.json', 'files')).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      env: { DEBUG: '1' },
      name: 'files',
    });
    expect(selectServer(claude, 'c.json', 'remote')).toEqual({
      transport: 'auto',
      url: 'https://example.com/mcp',
      headers: { 'X-Team': 'a' },
      name: 'remote',
    });
    expect(selectServer(claude, 'c.json', 'legacy')).toMatchObject({ transport: 'sse' });
    expect(selectServer(claude, 'c.json', 'streamable')).toMatchObject({ transport: 'http' });
    expect(selectServer(claude, 'c.json', 'local')).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: {},
      cwd: '/srv/app',
      name: 'local',
    });
  });

  it('reads VS Code mcp.json and settings.json (JSONC, nested under "mcp")', () => {
    const mcpJson = `{
      // VS Code allows comments
      "servers": {
        "everything": { "type": "stdio", "command": "npx", "args": ["-y", "server-everything"], "env": {}, },
        "api": { "type": "http", "url": "http://127.0.0.1:3001/mcp", "headers": { "Authorization": "Bearer x" } }, /* trailing */
      },
    }`;
    expect(selectServer(mcpJson, 'mcp.json', 'everything')).toMatchObject({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', 'server-everything'],
    });
    expect(selectServer(mcpJson, 'mcp.json', 'api')).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer x' } });
    const settings = `{ "editor.fontSize": 14, "mcp": { "servers": { "only": { "command": "uvx", "args": ["mcp-server-git"] } } } }`;
    expect(selectServer(settings, 'settings.json', undefined)).toMatchObject({ transport: 'stdio', command: 'uvx', name: 'only' });
  });

  it('explains what is wrong in plain words', () => {
    expect(() => selectServer(claude, 'c.json', undefined)).toThrow(/defines 5 servers; pick one with --server \(files, remote/);
    expect(() => selectServer(claude, 'c.json', 'nope')).toThrow(/no server "nope" in c.json; it has: files/);
    expect(() => selectServer('{"x": 1}', 'c.json', 'a')).toThrow(/has no "mcpServers", "servers" or "mcp.servers"/);
    expect(() => selectServer('{', 'c.json', 'a')).toThrow(/c.json is not valid JSON/);
    const bad = JSON.stringify({ mcpServers: { a: { command: 'x', env: { N: 1 } }, b: { type: 'ws', url: 'http://x' } } });
    expect(() => selectServer(bad, 'c.json', 'a')).toThrow(/server "a" in c.json: env.N/);
    expect(() => selectServer(bad, 'c.json', 'b')).toThrow(/type must be/);
    expect(() => loadServerFromFile('/nonexistent/mcp.json', 'a')).toThrow(/cannot read config file .*ENOENT/);
  });

  it('loads from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cfg-'));
    writeFileSync(join(dir, 'claude.json'), claude);
    expect(loadServerFromFile(join(dir, 'claude.json'), 'files')).toMatchObject({ command: 'npx' });
  });
});

describe('JSONC config files', () => {
  it('keeps comment-like text and commas inside strings, and allows comments and trailing commas', () => {
    const text = '{"mcpServers": {"a": {"command": "x", "args": ["http://x//y", "/* no */", "x,}"],}, /* c */ }, // end\n}';
    expect(serverEntries(text, 'f.json')).toEqual({ a: { command: 'x', args: ['http://x//y', '/* no */', 'x,}'] } });
  });

  it('reports where a broken file breaks', () => {
    expect(() => serverEntries('{"mcpServers": {', 'broken.json')).toThrow(/broken.json is not valid JSON/);
  });
});
