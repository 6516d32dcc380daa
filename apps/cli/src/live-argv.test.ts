import type { Command, Option } from 'commander';
import { LOG_LEVELS as ENGINE_LOG_LEVELS } from '@mcpscope/engine';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './io.js';
import { LIVE_FLAG_OPTIONS, LIVE_VALUE_OPTIONS, plainLiveCommand, type LiveCommand } from './live-argv.js';
import { callArgs, checkArgs, connectArgs, LOG_LEVELS } from './live/fast-live.js';
import { ConnectOptionsSchema } from './commands/connect.js';
import { resolveTarget } from './target.js';
import { LiveCallOptionsSchema } from './commands/live-call.js';
import { LiveCheckOptionsSchema } from './commands/live-report.js';
import { buildProgram } from './main.js';
import { parseOptions } from './options.js';
import { seededInts } from './test-random.js';

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, env: {} };

const TABLE: Array<[string[], boolean]> = [
  [['call', 'tools/list', '--session', 'dev'], true],
  [['call', 'tools/call', '--tool', 'echo', '--arg', 'message=hi', '--arg', 'n=1', '--session=dev'], true],
  [['call', '--session', 'dev', '--stdin'], true],
  [['check', '--session', 'dev', '--format', 'json', '--no-probe'], true],
  [['sessions'], true],
  [['sessions', '--json'], true],
  [['connect', '--name', 'dev', '--demo'], true],
  [['connect', '--json', '--era', 'legacy', '--', 'node', 's.js', '--flag', '-x'], true],
  [['connect', '--', 'node'], true],
  [['connect', '--name', 'dev', '-e', 'A=1', '--', 'node', 's.js'], false], // env: commander
  [['connect', '--url', 'http://127.0.0.1:1/mcp'], false],
  [['connect', 'node', 's.js'], false], // operands before --
  [['connect', '--'], false],
  // Not plain: commander decides (and reports).
  [['call', 'tools/list'], false], // no --session: a direct call (or a usage error)
  [['call', 'tools/list', '--session', 'dev', '--demo'], false],
  [['call', 'tools/list', '--session', 'dev', '--', 'node', 's.js'], false],
  [['call', 'tools/list', '--session', 'dev', '--task'], false],
  [['call', 'tools/list', '--session', 'dev', '--help'], false],
  [['call', 'tools/list', '--session', 'dev', '--session', 'x'], false], // twice
  [['call', 'tools/list', 'extra', '--session', 'dev'], false],
  [['call', '--session', 'dev', 'tools/list'], false], // the method after an option
  [['call', 'tools/list', '--session'], false],
  [['call', 'tools/list', '--session', '-x'], false],
  [['call', 'tools/list', '--session', 'dev', '--stdin=yes'], false],
  [['call', 'tools/list', '--session', 'dev', '-e', 'A=1'], false],
  [['check', '--session', 'dev', '--call-tools', '--call-tools'], false],
  [['sessions', 'x'], false],
  [['lint', '--session', 'dev'], false],
  [['--session', 'dev', 'call', 'tools/list'], false],
];

/** What commander runs for argv: the subcommand, its method and options. */
async function commanderSees(
  args: string[],
): Promise<{ name: string; method?: string; command?: string[]; options: Record<string, unknown> } | string> {
  const program: Command = buildProgram(io, () => undefined);
  for (const c of [program, ...program.commands])
    c.exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  let seen: { name: string; method?: string; command?: string[]; options: Record<string, unknown> } | string = 'nothing ran';
  program.action(() => void (seen = 'launch'));
  for (const sub of program.commands) {
    sub.action((...a: unknown[]) => {
      const options = a.find((x, i) => i > 0 && typeof x === 'object' && x !== null && !Array.isArray(x)) as Record<string, unknown>;
      seen = {
        name: sub.name(),
        ...(sub.name() === 'call' ? { method: a[0] as string | undefined } : {}),
        ...(sub.name() === 'connect' ? { command: a[0] as string[] } : {}),
        options,
      };
    });
  }
  await program.parseAsync(['node', 'mcpscope', ...args]).catch(() => undefined);
  return seen;
}

describe('plainLiveCommand (argv → a command on a running mcpscope, without commander)', () => {
  it.each(TABLE)('%j', (args, plain) => {
    expect(plainLiveCommand(args) !== undefined).toBe(plain);
  });

  it("knows each command's options as the program defines them, with the same arity", () => {
    const program = buildProgram(io, () => undefined);
    for (const name of Object.keys(LIVE_VALUE_OPTIONS) as LiveCommand[]) {
      const byName = new Map((program.commands.find((c) => c.name() === name)!.options as Option[]).map((o) => [o.long, o]));
      for (const option of LIVE_VALUE_OPTIONS[name]) expect(byName.get(option)?.required, `${name} ${option}`).toBe(true);
      for (const option of LIVE_FLAG_OPTIONS[name])
        expect(!byName.get(option)?.required && !byName.get(option)?.optional, `${name} ${option}`).toBe(true);
    }
  });

  it("the engine's log levels", () => {
    expect(LOG_LEVELS).toEqual([...ENGINE_LOG_LEVELS]);
  });

  it("agrees with commander and the options' schemas on random argv (seeded): what the fast path takes, they take the same", async () => {
    const pool = [
      ['--tool', 'echo'],
      ['--tool', ''],
      ['--arg', 'k=v'],
      ['--arg', 'k=42'],
      ['--arg', 'novalue'],
      ['--params', '{"a":1}'],
      ['--params', '[1]'],
      ['--params', '7'],
      ['--params', '{'],
      ['--uri', 'x://y'],
      ['--level', 'debug'],
      ['--level', 'loud'],
      ['--timeout', '100'],
      ['--timeout', '0'],
      ['--timeout', '9999999'],
      ['--timeout', '1e3'],
      ['--connect-timeout', '50'],
      ['--stdin'],
      ['--format', 'junit'],
      ['--format', 'xml'],
      ['--output', 'r.xml'],
      ['--call-tools'],
      ['--no-probe'],
      ['--exercise'],
      ['--demo'],
      ['--help'],
      ['x'],
    ];
    const next = seededInts(11);
    let taken = 0;
    for (let i = 0; i < 600; i++) {
      const command = (['call', 'check'] as const)[next(2)]!;
      const words = Array.from({ length: next(4) }, () => pool[next(pool.length)]!).flat();
      const args = [command, ...(command === 'call' && next(4) > 0 ? ['tools/call'] : []), '--session', 'dev', ...words];
      const argv = plainLiveCommand(args);
      const fast = argv && (command === 'call' ? callArgs(argv) : checkArgs(argv));
      if (!fast) continue;
      taken++;
      const seen = await commanderSees(args);
      expect(typeof seen, args.join(' ')).toBe('object');
      const { name, method, options } = seen as { name: string; method?: string; options: Record<string, unknown> };
      expect(name).toBe(command);
      if (command === 'call') {
        const opts = parseOptions(LiveCallOptionsSchema, options);
        const { args: got } = fast as NonNullable<ReturnType<typeof callArgs>>;
        expect(method, args.join(' ')).toBe((fast as { method?: string }).method);
        expect(
          {
            timeout: got.timeout,
            connectTimeout: got.connectTimeout,
            arg: got.arg,
            params: got.params,
            tool: got.tool,
            level: got.level,
            stdin: got.stdin,
          },
          args.join(' '),
        ).toEqual({
          timeout: opts.timeout,
          connectTimeout: opts.connectTimeout,
          arg: opts.arg,
          params: opts.params,
          tool: opts.tool,
          level: opts.level,
          stdin: opts.stdin,
        });
      } else {
        const opts = parseOptions(LiveCheckOptionsSchema, options);
        const got = fast as NonNullable<ReturnType<typeof checkArgs>>;
        expect(got.body, args.join(' ')).toEqual({
          callTools: opts.callTools,
          exercise: opts.exercise,
          probe: opts.probe,
          timeoutMs: opts.timeout,
        });
        expect(got.report, args.join(' ')).toEqual({ format: opts.format, ...(opts.output ? { output: opts.output } : {}) });
      }
    }
    expect(taken).toBeGreaterThan(50);
  });
});

describe('connect without commander', () => {
  it('takes what commander and the target resolution take, the same target and options (seeded)', async () => {
    const pool = [
      ['--name', 'dev'],
      ['--name', 's1'],
      ['--name', 'a b'],
      ['--json'],
      ['--era', 'legacy'],
      ['--era', 'modern'],
      ['--port', '0'],
      ['--port', '70000'],
      ['--traces-dir', '/tmp/t'],
      ['--no-record-all'],
      ['--demo'],
      ['-e', 'A=1'],
      ['x'],
    ];
    const next = seededInts(5);
    let taken = 0;
    for (let i = 0; i < 400; i++) {
      const words = Array.from({ length: next(4) }, () => pool[next(pool.length)]!).flat();
      const args = ['connect', ...words, ...(next(3) > 0 ? ['--', 'node', 's.js', '--x'] : [])];
      const argv = plainLiveCommand(args);
      const fast = argv && connectArgs(argv, { dir: '/nonexistent', entry: '/nonexistent/mcpscope.js' });
      if (!fast) continue;
      taken++;
      const seen = await commanderSees(args);
      expect(typeof seen, args.join(' ')).toBe('object');
      const { command, options } = seen as { command: string[]; options: Record<string, unknown> };
      const opts = parseOptions(ConnectOptionsSchema, options);
      const target = await resolveTarget(opts, command, {
        demo: () => {
          throw new Error('no demo here');
        },
      });
      expect(fast.target, args.join(' ')).toEqual(target);
      expect(fast.args, args.join(' ')).toEqual({
        ...(opts.name ? { name: opts.name } : {}),
        json: opts.json,
        port: opts.port,
        ...(opts.tracesDir ? { tracesDir: opts.tracesDir } : {}),
        recordAll: opts.recordAll,
      });
    }
    expect(taken).toBeGreaterThan(50);
  });
});
