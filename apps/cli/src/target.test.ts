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
});
