import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './io.js';
import {
  COMMAND_NAMES,
  earlyListen,
  plainLaunchOptions,
  plainLaunchServer,
  ROOT_FLAG_OPTIONS,
  ROOT_SHORT_VALUE_OPTIONS,
  ROOT_VALUE_OPTIONS,
  SPAWN_NEUTRAL_OPTIONS,
} from './launch-argv.js';
import { buildProgram } from './main.js';
import { seededInts } from './test-random.js';

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, env: {} };
const local = (port = 6280) => ({ host: '127.0.0.1', port, allowRemote: false });

/** argv after `node mcpscope.js` → what mcpscope.ts decides before commander loads. */
const TABLE: Array<[string[], ReturnType<typeof plainLaunchOptions>]> = [
  [[], local()],
  [['--demo'], local()],
  [['--port', '0', '--demo'], local(0)],
  [['--port=0'], local(0)],
  [['--port', '7000', '--port', '7001'], local(7001)], // the last one wins, as in commander
  [['--no-open', '--port', '0', '--', 'node', 'server.js'], local(0)],
  [['--', 'node', 'server.js', '--help'], local()], // the server's --help, not mcpscope's
  [['--', 'node', 'call', '--help'], local()], // after --: the server's argv
  [['--', 'call', 'tools/list'], undefined], // commander runs `call` (the first operand, even after --)
  [['--demo', '--', 'help'], undefined],
  [['--url', 'http://localhost:3001/mcp', '--bearer', 'call'], local()], // `call` is --bearer's value
  [['--config', 'call', '--server', 'lint'], local()],
  [['-e', 'A=1', '-eB=2', '--env', 'C=3', '--', 'node', 's.js'], local()],
  [['--host', 'localhost', '--port', '0'], { host: 'localhost', port: 0, allowRemote: false }],
  [['--host', '0.0.0.0', '--allow-remote'], { host: '0.0.0.0', port: 6280, allowRemote: true }],
  [['--host', '0.0.0.0'], { host: '0.0.0.0', port: 6280, allowRemote: false }], // refused later (launch-early, runLaunch)
  [['--background', '/tmp/log', '--no-open', '--port', '0'], local(0)],
  // Not plain: commander decides (and reports) as before.
  [['call', 'tools/list', '--', 'node', 's.js'], undefined],
  [['--demo', 'call', 'tools/list'], undefined],
  [['help'], undefined],
  [['sessions'], undefined],
  [['node', 'server.js'], undefined], // an operand before --
  [['--help'], undefined],
  [['-h'], undefined],
  [['--version'], undefined],
  [['-V'], undefined],
  [['--demo', '--help', '--', 'x'], undefined],
  [['--port'], undefined], // missing value
  [['--port', '--demo'], undefined], // commander would take "--demo" as the port
  [['--port', '-1'], undefined],
  [['--port', 'abc'], undefined], // zod's message, from runLaunch
  [['--port', '70000'], undefined],
  [['--port', '0x10'], undefined],
  [['--host='], undefined],
  [['--demo=yes'], undefined],
  [['--unknown-option'], undefined],
  [['-x'], undefined],
  [['-eV'], local()], // -e's value "V", as commander reads it
  [['-Ve'], undefined], // a group of short flags
  [['-'], undefined],
];

describe('plainLaunchOptions (argv → launch before commander loads)', () => {
  it.each(TABLE)('%j', (args, expected) => {
    expect(plainLaunchOptions(args)).toEqual(expected);
  });

  it('knows the root options exactly as the commander program defines them', () => {
    const program = buildProgram(io, () => undefined);
    const options = program.options as Option[];
    const takesValue = options.filter((o) => o.required).map((o) => o.long);
    const flags = options.filter((o) => !o.required && !o.optional && o.long !== '--version').map((o) => o.long);
    expect([...ROOT_VALUE_OPTIONS].sort()).toEqual([...takesValue].sort());
    expect([...ROOT_FLAG_OPTIONS].sort()).toEqual([...flags].sort());
    // Optional values (`[value]`) are not in either list: such an option would mean "not plain".
    expect(options.filter((o) => o.optional)).toEqual([]);
    const shortValue = options.filter((o) => o.required && o.short).map((o) => o.short);
    expect([...ROOT_SHORT_VALUE_OPTIONS].sort()).toEqual([...shortValue].sort());
  });

  it("knows the command names as the program defines them (and commander's help)", () => {
    const program = buildProgram(io, () => undefined);
    const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
    expect([...COMMAND_NAMES].sort()).toEqual([...names, 'help'].sort());
  });

  /** What commander does with argv: the root (launch) action's options, or which subcommand ran. */
  async function commanderSees(args: string[]): Promise<unknown> {
    const program: Command = buildProgram(io, () => undefined);
    let seen: unknown = 'nothing ran';
    program.action((_command: string[], options: unknown) => void (seen = options));
    for (const sub of program.commands) sub.action(() => void (seen = `subcommand ${sub.name()}`));
    await program.parseAsync(['node', 'mcpscope', ...args]);
    return seen;
  }

  it('agrees with commander: every plain argv runs the launch action with the same port, host and --allow-remote', async () => {
    for (const [args, expected] of TABLE) {
      if (expected !== undefined) expect(earlyListen(await commanderSees(args)), args.join(' ')).toEqual(expected);
    }
  });

  it('agrees with commander on random argv lists (seeded)', async () => {
    const pool = [
      ['--demo'],
      ['--no-open'],
      ['--allow-remote'],
      ['--port', '0'],
      ['--port=7001'],
      ['--host', 'localhost'],
      ['--host', '::1'],
      ['-e', 'K=V'],
      ['-eK=V'],
      ['--url', 'http://127.0.0.1:1/mcp'],
      ['--bearer', 'call'],
      ['--record', 'help'],
      ['--transport', 'http'],
      ['--'],
      ['node'],
      ['call'],
      ['help'],
      ['lint'],
      ['--help'],
      ['-V'],
      ['x.js'],
      ['-'],
      ['--port'],
    ];
    const next = seededInts(42);
    let plain = 0;
    for (let i = 0; i < 400; i++) {
      const args = Array.from({ length: next(6) }, () => pool[next(pool.length)]!).flat();
      const expected = plainLaunchOptions(args);
      if (expected === undefined) continue;
      plain++;
      expect(earlyListen(await commanderSees(args)), args.join(' ')).toEqual(expected);
    }
    expect(plain).toBeGreaterThan(50);
  });
});

const SERVER_TABLE: Array<[string[], ReturnType<typeof plainLaunchServer>]> = [
  [['--', 'node', 'server.js'], { command: 'node', args: ['server.js'] }],
  [['--no-open', '--port', '0', '--', 'node', 's.js', '--help'], { command: 'node', args: ['s.js', '--help'] }],
  [
    ['--era', 'legacy', '--record', 't.jsonl', '--trace-context', '--no-record-all', '--memory-budget=64', '--', 'uvx', 'srv', '-e', 'x'],
    { command: 'uvx', args: ['srv', '-e', 'x'] },
  ],
  [
    ['--host', 'localhost', '--allow-remote', '--connect-timeout', '5000', '--', 'npx', '-y', 'srv'],
    { command: 'npx', args: ['-y', 'srv'] },
  ],
  // Options that change how the server starts, or no server to start: the engine spawns it as usual.
  [['-e', 'A=1', '--', 'node', 's.js'], undefined],
  [['--env', 'A=1', '--', 'node', 's.js'], undefined],
  [['--cwd', '/tmp', '--', 'node', 's.js'], undefined],
  [['--collect-server-spans', '--', 'node', 's.js'], undefined],
  [['--config', 'mcp.json', '--server', 'x'], undefined],
  [['--url', 'http://127.0.0.1:1/mcp'], undefined],
  [['--demo'], { demo: true }],
  [['--no-open', '--port', '0', '--demo', '--trace-context'], { demo: true }],
  [['--demo', '--', 'node', 's.js'], { command: 'node', args: ['s.js'] }], // a command wins over --demo (target.ts)
  [['--demo', '--'], { demo: true }],
  [['--background', '/tmp/log', '--prespawn-fd', '3', '--no-open', '--port', '0'], undefined],
  [['--demo', '-e', 'A=1'], undefined],
  [['--demo', '--collect-server-spans'], undefined],
  [['--no-open'], undefined],
  [['--'], undefined],
  [['--', '-x'], undefined],
  [['--', ''], undefined],
  [['--', 'call', 'tools/list'], undefined],
  [['call', 'tools/list', '--', 'node', 's.js'], undefined],
  [['--port', '--', 'node', 's.js'], undefined],
];

describe('plainLaunchServer (argv → the stdio server a launch starts before commander loads)', () => {
  it.each(SERVER_TABLE)('%j', (args, expected) => {
    expect(plainLaunchServer(args)).toEqual(expected);
  });

  it('names only root options', () => {
    for (const name of SPAWN_NEUTRAL_OPTIONS) expect([...ROOT_VALUE_OPTIONS, ...ROOT_FLAG_OPTIONS], name).toContain(name);
  });

  it('agrees with commander: the launch action gets that command and nothing that changes its start', async () => {
    for (const [args, expected] of SERVER_TABLE) {
      if (expected === undefined) continue;
      const program: Command = buildProgram(io, () => undefined);
      let seen: { command: string[]; options: Record<string, unknown> } | undefined;
      program.action((command: string[], options: Record<string, unknown>) => void (seen = { command, options }));
      await program.parseAsync(['node', 'mcpscope', ...args]);
      const { env, cwd, config, url, demo, collectServerSpans } = seen!.options;
      if ('demo' in expected) {
        expect(seen?.command, args.join(' ')).toEqual([]);
        expect(demo, args.join(' ')).toBe(true);
      } else {
        expect(seen?.command, args.join(' ')).toEqual([expected.command, ...expected.args]);
      }
      expect({ env, cwd, config, url, collectServerSpans }, args.join(' ')).toEqual({
        env: undefined,
        cwd: undefined,
        config: undefined,
        url: undefined,
        collectServerSpans: undefined,
      });
    }
  });
});
