import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mcpscopeCallCommand, shellQuote } from './cliCommand';

/** What a real POSIX shell makes of a command line: the argv it would run. */
const shellWords = (line: string): string[] =>
  JSON.parse(execFileSync('sh', ['-c', `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${line}`], { encoding: 'utf8' }));

describe('mcpscopeCallCommand', () => {
  it('quotes arguments so a shell gives back the exact JSON', () => {
    const args = { message: 'it\'s a "test" $HOME `id` \\ \n ✓', n: 7, code: '007' };
    const line = mcpscopeCallCommand({ transport: 'stdio', target: 'node server.js --flag' }, 'echo', args);
    expect(line.startsWith("mcpscope call tools/call --tool echo --params '")).toBe(true);
    const argv = shellWords(line.replace(/^mcpscope /, ''));
    expect(argv.slice(0, 4)).toEqual(['call', 'tools/call', '--tool', 'echo']);
    expect(JSON.parse(argv[5])).toEqual({ arguments: args });
    expect(argv.slice(6)).toEqual(['--', 'node', 'server.js', '--flag']);
  });

  it('uses --url for HTTP sessions and names the legacy SSE transport', () => {
    expect(mcpscopeCallCommand({ transport: 'http', target: 'http://127.0.0.1:3001/mcp' }, 'add', { a: 1 })).toBe(
      `mcpscope call tools/call --tool add --params '{"arguments":{"a":1}}' --url http://127.0.0.1:3001/mcp`,
    );
    expect(mcpscopeCallCommand({ transport: 'sse', target: 'http://h/sse?x=1&y=2' }, 't', {})).toContain(
      `--url 'http://h/sse?x=1&y=2' --transport sse`,
    );
  });

  it('shell-quotes only when needed', () => {
    expect(shellQuote('server.js')).toBe('server.js');
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("a b'c")).toBe(`'a b'\\''c'`);
    expect(shellWords(shellQuote("a b'c"))).toEqual(["a b'c"]);
  });
});
