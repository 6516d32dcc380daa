import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { CALL_FLAG_OPTIONS, CALL_VALUE_OPTIONS, plainCallServer } from './call-argv.js';
import type { CliIo } from './io.js';
import { buildProgram } from './main.js';
import { seededInts } from './test-random.js';
import { resolveTarget } from './target.js';
import { parseOptions, TargetOptionsSchema } from './options.js';

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, env: {} };
const server = (command: string, ...args: string[]) => ({ command, args });

/** argv after `node mcpscope.js` → the server mcpscope.ts starts before commander loads. */
const TABLE: Array<[string[], ReturnType<typeof plainCallServer>]> = [
  [['call', 'tools/list', '--', 'node', 's.js'], server('node', 's.js')],
  [['call', 'tools/call', '--tool', 'echo', '--arg', 'message=hi', '--', 'node', 's.js', '--flag'], server('node', 's.js', '--flag')],
  [['call', 'tools/call', '--tool=echo', '--params', '{"a":1}', '--task', '--', 'uvx', 'srv'], server('uvx', 'srv')],
  [['call', 'tools/list', '--era', 'legacy', '--probe-timeout', '100', '--timeout', '5000', '--', 'node', 's.js'], server('node', 's.js')],
  [['call', 'tools/list', '--record', '/tmp/t.ndjson', '--no-redact', '--', 'node', 's.js', '--', 'x'], server('node', 's.js', '--', 'x')],
  [['call', 'tools/list', '--', 'node', 's.js', '--help'], server('node', 's.js', '--help')], // the server's --help
  [['call', 'tools/list', '--', 'node', 'call', '--env', 'A=1'], server('node', 'call', '--env', 'A=1')], // after --: the server's argv
  // Not plain: commander decides (and reports), the engine spawns.
  [['call', 'tools/list'], undefined], // no server
  [['call', 'tools/list', '--demo'], undefined],
  [['call', 'tools/list', '--url', 'http://127.0.0.1:1/mcp'], undefined],
  [['call', 'tools/list', '-e', 'A=1', '--', 'node', 's.js'], undefined], // env changes the spawn
  [['call', 'tools/list', '--env', 'A=1', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--cwd', '/tmp', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--config', 'c.json', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--session', 's1', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--transport', 'stdio', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--load', '--', 'node', 's.js'], undefined], // an optional value
  [['call', 'tools/list', '--era', 'modern', '--', 'node', 's.js'], undefined], // commander refuses the choice
  [['call', 'tools/list', '--tool', '--', 'node', 's.js'], undefined], // a value option without its value
  [['call', 'tools/list', '--task=yes', '--', 'node', 's.js'], undefined],
  [['call', 'tools/list', '--help', '--', 'node', 's.js'], undefined],
  [['call', '--help'], undefined],
  [['call', 'tools/list', 'node', 's.js'], undefined], // operands before --
  [['call', 'tools/list', '--'], undefined],
  [['call', 'tools/list', '--', '-x'], undefined],
  [['--demo', 'call', 'tools/list', '--', 'node', 's.js'], undefined], // a root option first
  [['check', '--', 'node', 's.js'], undefined],
  [['--', 'node', 's.js'], undefined],
];

/** What commander does with argv: the call action's method, command and options, or what else ran. */
async function commanderSees(args: string[]): Promise<{ method: string; command: string[]; options: Record<string, unknown> } | string> {
  const program: Command = buildProgram(io, () => undefined);
  program.exitOverride();
  for (const c of [program, ...program.commands])
    c.exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  let seen: { method: string; command: string[]; options: Record<string, unknown> } | string = 'nothing ran';
  program.action(() => void (seen = 'launch'));
  for (const sub of program.commands) sub.action(() => void (seen = `subcommand ${sub.name()}`));
  program.commands
    .find((c) => c.name() === 'call')!
    .action((method: string, command: string[], options: Record<string, unknown>) => void (seen = { method, command, options }));
  await program.parseAsync(['node', 'mcpscope', ...args]).catch(() => undefined);
  return seen;
}

describe('plainCallServer (argv → the server a one-shot call starts before commander loads)', () => {
  it.each(TABLE)('%j', (args, expected) => {
    expect(plainCallServer(args)).toEqual(expected);
  });

  it("knows call's options as the command defines them: each listed one exists, with the same arity", () => {
    const call = buildProgram(io, () => undefined).commands.find((c) => c.name() === 'call')!;
    const options = call.options as Option[];
    const byName = new Map(options.map((o) => [o.long, o]));
    for (const name of CALL_VALUE_OPTIONS) expect(byName.get(name)?.required, name).toBe(true);
    for (const name of CALL_FLAG_OPTIONS) expect(!byName.get(name)?.required && !byName.get(name)?.optional, name).toBe(true);
  });

  it('agrees with commander and the target resolution: every plain argv runs call with that method and a stdio server with no env or cwd', async () => {
    for (const [args, expected] of TABLE) {
      if (expected === undefined) continue;
      const seen = await commanderSees(args);
      expect(typeof seen, args.join(' ')).toBe('object');
      const { method, command, options } = seen as { method: string; command: string[]; options: Record<string, unknown> };
      expect(method).toBe(args[1]);
      expect(command).toEqual([expected.command, ...expected.args]);
      const target = await resolveTarget(parseOptions(TargetOptionsSchema, options), command, {
        demo: async () => {
          throw new Error('no demo');
        },
      });
      expect(target).toMatchObject({ transport: 'stdio', command: expected.command, args: expected.args, env: {} });
      expect(target).not.toHaveProperty('cwd');
    }
  });

  it('agrees with commander on random argv lists (seeded)', async () => {
    const safe = [
      ['--tool', 'echo'],
      ['--arg', 'k=v'],
      ['--params', '{}'],
      ['--task'],
      ['--era', 'legacy'],
      ['--timeout', '100'],
      ['--no-redact'],
    ];
    const unsafe = [['-e', 'K=V'], ['--cwd', '/tmp'], ['--demo'], ['--help'], ['--'], ['node'], ['s.js'], ['call'], ['--tool'], ['-x']];
    const pool = [...safe, ...safe, ...safe, ...unsafe];
    const next = seededInts(7);
    let plain = 0;
    for (let i = 0; i < 400; i++) {
      const words = (n: number) => Array.from({ length: next(n) }, () => pool[next(pool.length)]!).flat();
      const args = ['call', 'tools/call', ...words(4), ...(next(4) > 0 ? ['--', 'node', 's.js'] : []), ...words(3)];
      const expected = plainCallServer(args);
      if (expected === undefined) continue;
      plain++;
      const seen = await commanderSees(args);
      expect(typeof seen, args.join(' ')).toBe('object');
      expect((seen as { command: string[] }).command, args.join(' ')).toEqual([expected.command, ...expected.args]);
    }
    expect(plain).toBeGreaterThan(50);
  });
});
