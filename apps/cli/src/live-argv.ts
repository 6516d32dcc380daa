// Nothing but argv-option.ts: mcpscope.ts runs this before anything else loads (commander included).
import { longOption } from './argv-option.js';

/**
 * The options each command on a running mcpscope's session takes on the fast path, as commander
 * defines them (live-argv.test.ts checks the lists against the real program). Any other option
 * (a target option, --help, --task…) makes argv "not plain": commander decides and reports.
 */
export const LIVE_VALUE_OPTIONS = {
  call: [
    '--session',
    '--params',
    '--tool',
    '--arg',
    '--uri',
    '--prompt',
    '--skill',
    '--level',
    '--answer-file',
    '--timeout',
    '--connect-timeout',
  ],
  check: ['--session', '--format', '--output', '--timeout'],
  sessions: [],
  connect: ['--name', '--era', '--port', '--traces-dir'],
} as const satisfies Record<string, readonly string[]>;
export const LIVE_FLAG_OPTIONS = {
  call: ['--stdin'],
  check: ['--call-tools', '--exercise', '--no-probe'],
  sessions: ['--json'],
  connect: ['--json', '--demo', '--no-record-all'],
} as const satisfies Record<string, readonly string[]>;
/** May be given more than once (commander collects them). */
const REPEATABLE = new Set(['--arg']);

export type LiveCommand = keyof typeof LIVE_VALUE_OPTIONS;

/** A command on a running mcpscope's session, as commander would read it. */
export interface LiveArgv {
  command: LiveCommand;
  /** call's method, when given. */
  method?: string;
  /** connect's server command: the words after `--`. */
  server?: string[];
  /** Each value option given, by flag (`--arg`: every value, in order). */
  values: Map<string, string[]>;
  flags: Set<string>;
}

/**
 * Whether `args` (process.argv without node and the script) is `call [method] --session …`,
 * `check --session …`, `sessions [--json]` or `connect [--name …] (--demo | -- command args…)`
 * with only the options above, decided without
 * commander so that these commands skip loading it (live/fast-live.ts). Conservative: an unknown
 * or short option, an operand (but call's method), `--`, a value option without a value (or one
 * that starts with `-`), a flag given a value, an option given twice (but --arg) all give
 * undefined: the usual path, where commander decides.
 */
export function plainLiveCommand(args: readonly string[]): LiveArgv | undefined {
  const command = args[0] as LiveCommand;
  if (!Object.hasOwn(LIVE_VALUE_OPTIONS, command)) return undefined;
  const valueOptions: readonly string[] = LIVE_VALUE_OPTIONS[command];
  const flagOptions: readonly string[] = LIVE_FLAG_OPTIONS[command];
  const out: LiveArgv = { command, values: new Map(), flags: new Set() };
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--' && command === 'connect') {
      out.server = args.slice(i + 1);
      if (out.server.length === 0) return undefined;
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      if (command !== 'call' || i !== 1 || arg.startsWith('-')) return undefined;
      out.method = arg;
      continue;
    }
    const { name, inline, value, at } = longOption(args, i, (n) => valueOptions.includes(n));
    i = at;
    if (flagOptions.includes(name)) {
      if (inline || out.flags.has(name)) return undefined;
      out.flags.add(name);
      continue;
    }
    if (!valueOptions.includes(name) || value === undefined) return undefined;
    const given = out.values.get(name);
    if (given && !REPEATABLE.has(name)) return undefined;
    out.values.set(name, [...(given ?? []), value]);
  }
  return command === 'sessions' || command === 'connect' || out.values.has('--session') ? out : undefined;
}
