import { describe, expect, it } from 'vitest';
import { run } from './main.js';
import type { CliIo } from './io.js';

function capture(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    env: {},
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
  };
  return io;
}

const argv = (...args: string[]) => ['node', 'mcpscope', ...args];

describe('mcpscope program', () => {
  it('prints help and the version, exiting 0', async () => {
    const io = capture();
    expect(await run(argv('--help'), io)).toBe(0);
    expect(io.out).toMatch(/Usage: mcpscope \[options\] \[-- command args…\]/);
    expect(io.out).toMatch(/Exit codes \(call\): 0 ok/);
    const v = capture();
    expect(await run(argv('--version'), v)).toBe(0);
    expect(v.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('documents call', async () => {
    const io = capture();
    expect(await run(argv('call', '--help'), io)).toBe(0);
    expect(io.out).toMatch(/--params <json>/);
    expect(io.out).toMatch(/--timeout <ms>/);
    for (const option of [
      '--tool <name>',
      '--arg <key=value>',
      '--uri <uri>',
      '--prompt <name>',
      '--level <level>',
      '--answer-file <json>',
      '--era <era>',
    ]) {
      expect(io.out).toContain(option);
    }
  });

  it('turns bad usage into exit 1 with a message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--frobnicate'], /unknown option '--frobnicate'/],
      [['--transport', 'ws', '--', 'node'], /Allowed choices are stdio, http, sse, auto/],
      [['call'], /missing required argument 'method'/],
      [['call', 'tools/list', '--timeout', '-5', '--demo'], /--timeout/],
      [['call', 'tools/list', '--params', '42', '--demo'], /--params must be a JSON object or array/],
      [['--port', '99999'], /--port/],
      [['--host', '10.0.0.1'], /add --allow-remote/],
      [['--memory-budget', '0'], /--memory-budget must be at least 0.0625/],
      [['open', 'x.ndjson', '--memory-budget', 'lots'], /--memory-budget must be a number of MiB/],
    ];
    for (const [args, message] of cases) {
      const io = capture();
      expect(await run(argv(...args), io), args.join(' ')).toBe(1);
      expect(io.err, args.join(' ')).toMatch(message);
    }
  });
});
