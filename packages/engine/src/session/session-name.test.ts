import { describe, expect, it } from 'vitest';
import { derivedNameOf, givenName, nameOf } from './session-name.js';

const stdio = (command: string, ...args: string[]) => ({ transport: 'stdio' as const, command, args, env: {} });

describe('nameOf', () => {
  it('names a server after its script or package, not its launcher', () => {
    expect(nameOf(stdio('/usr/bin/node', '/srv/weather/dist/server.js'))).toBe('server.js');
    expect(nameOf(stdio('npx', '-y', '@modelcontextprotocol/server-everything'))).toBe('@modelcontextprotocol/server-everything');
    expect(nameOf(stdio('uvx', 'mcp-server-git', '--repository', '.'))).toBe('mcp-server-git');
    expect(nameOf(stdio('/opt/bin/my-server'))).toBe('my-server');
    expect(nameOf({ ...stdio('node', 'x.js'), name: 'Mine' })).toBe('Mine');
    expect(nameOf({ transport: 'http', url: 'https://api.example.com/mcp', headers: {} })).toBe('api.example.com');
  });

  it('takes a given name only when it has text, and derives one regardless', () => {
    expect(givenName('  dev ')).toBe('dev');
    expect(givenName('   ')).toBeUndefined();
    expect(givenName(null)).toBeUndefined();
    expect(nameOf({ ...stdio('node', 'x.js'), name: '  ' })).toBe('x.js');
    expect(derivedNameOf({ ...stdio('node', 'x.js'), name: 'Mine' })).toBe('x.js');
  });
});
