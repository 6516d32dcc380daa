// Nothing but argv-option.ts: mcpscope.ts runs this before anything else loads (commander included).
import { longOption, serverAfterDashes } from './argv-option.js';

/**
 * `call`'s options that take a value and its flags, among those that change nothing about how
 * the server is started (env, cwd, a config file, a URL… do): call-argv.test.ts checks them
 * against the real command. Any other option makes argv "not plain" (the usual path).
 */
export const CALL_VALUE_OPTIONS: readonly string[] = [
  '--params',
  '--tool',
  '--arg',
  '--uri',
  '--prompt',
  '--skill',
  '--level',
  '--answer-file',
  '--task-ttl',
  '--timeout',
  '--connect-timeout',
  '--era',
  '--probe-timeout',
  '--record',
];
export const CALL_FLAG_OPTIONS: readonly string[] = ['--task', '--no-redact'];

/** The stdio server a one-shot `call` will start: `-- command args…`. */
export interface CallServer {
  command: string;
  args: string[];
}

/**
 * Whether `args` (process.argv without node and the script) is `call <method> [options] --
 * command args…` with nothing that changes how the server starts, decided without commander so
 * that the server can be spawned while mcpscope loads (engine transports/prespawn.ts). Then the
 * command and its args exactly as commander will pass them on. Conservative: an option not in the
 * lists above (--env, --cwd, --config, --url, --session…), a short option, an operand besides the
 * method before `--`, a value option without a value or with one that starts with `-`, a flag
 * given a value, no `--`, or a command that starts with `-` all give undefined.
 */
export function plainCallServer(args: readonly string[]): CallServer | undefined {
  if (args[0] !== 'call') return undefined;
  const method = args[1];
  if (method === undefined || method.startsWith('-')) return undefined;
  for (let i = 2; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return serverAfterDashes(args, i) ?? undefined;
    if (!arg.startsWith('--')) return undefined; // an operand, or a short option (-e)
    const { name, inline, value, at } = longOption(args, i, (n) => CALL_VALUE_OPTIONS.includes(n));
    i = at;
    if (CALL_FLAG_OPTIONS.includes(name)) {
      if (inline) return undefined;
      continue;
    }
    if (!CALL_VALUE_OPTIONS.includes(name) || value === undefined) return undefined;
    if (name === '--era' && value !== 'auto' && value !== 'legacy') return undefined; // commander refuses it
  }
  return undefined;
}
