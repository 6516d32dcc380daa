// Nothing but argv-option.ts: mcpscope.ts runs this before anything else loads (commander included).
import { longOption, serverAfterDashes } from './argv-option.js';

/** Default UI port: away from the official inspector's 6274/6277 so both can run side by side. */
export const DEFAULT_PORT = 6280;

/**
 * The root command's options (main.ts and options.ts) as commander parses them: those that take
 * a value (`<value>`) and the flags. launch-argv.test.ts checks both lists against the real
 * program. An option missing here makes argv "not plain" (the usual path), never a wrong guess.
 */
export const ROOT_VALUE_OPTIONS: readonly string[] = [
  '--url',
  '--transport',
  '--header',
  '--bearer',
  '--client-id',
  '--client-secret',
  '--scope',
  '--token-file',
  '--client-metadata-url',
  '--grant',
  '--assertion-file',
  '--idp-token-endpoint',
  '--idp-id-token',
  '--idp-client-id',
  '--idp-client-secret',
  '--auth-method',
  '--private-key-jwk',
  '--dpop-alg',
  '--dpop-key',
  '--env',
  '--cwd',
  '--config',
  '--server',
  '--era',
  '--probe-timeout',
  '--connect-timeout',
  '--record',
  '--port',
  '--host',
  '--traces-dir',
  '--memory-budget',
  '--background',
  '--prespawn-fd',
  '--otlp-endpoint',
];
export const ROOT_FLAG_OPTIONS: readonly string[] = [
  '--oauth',
  '--oauth-headless',
  '--dpop',
  '--demo',
  '--no-redact',
  '--allow-remote',
  '--no-open',
  '--no-record-all',
  '--otlp-content',
  '--trace-context',
  '--collect-server-spans',
];
/** Short forms of value options (`-e KEY=VALUE`, `-eKEY=VALUE`). */
export const ROOT_SHORT_VALUE_OPTIONS: readonly string[] = ['-e'];

/**
 * The subcommands (and commander's `help`): commander dispatches on the first operand even after
 * `--`, so `mcpscope -- call tools/list` is `call`. Checked against the program like the options.
 */
export const COMMAND_NAMES: readonly string[] = [
  'call',
  'lint',
  'check',
  'open',
  'replay',
  'mock',
  'wrap',
  'connect',
  'sessions',
  'stop',
  'export',
  'help',
];

const valueOptions = new Set(ROOT_VALUE_OPTIONS);
const flagOptions = new Set(ROOT_FLAG_OPTIONS);

/** Where launch's UI listens, when the early listener may take the port (see launch-early.ts). */
export interface EarlyListen {
  host: string;
  port: number;
  allowRemote: boolean;
}

/**
 * From launch's raw options (commander's, or plainLaunchOptions'): a decimal port, a non-empty host
 * (default 127.0.0.1). Anything else is undefined: runLaunch validates and reports it as before.
 * Whether the host may be bound (loopback or --allow-remote) is launch-early's check.
 */
export function earlyListen(raw: unknown): EarlyListen | undefined {
  const options = (raw ?? {}) as { port?: unknown; host?: unknown; allowRemote?: unknown };
  const port = typeof options.port === 'string' && /^\d{1,5}$/.test(options.port) ? Number(options.port) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) return undefined;
  const host = typeof options.host === 'string' && options.host !== '' ? options.host : '127.0.0.1';
  return { host, port, allowRemote: options.allowRemote === true };
}

/**
 * Whether `args` (process.argv without node and the script) is a plain launch, decided without
 * commander so that the UI's port can listen before commander and the command table load; then
 * the port, host and --allow-remote that commander will also read. Conservative: any operand
 * before `--` (a subcommand, `help`, a server command without `--`), --help/-h, --version/-V, an
 * unknown option, a flag given a value, a value option without a value or with one that starts
 * with `-`, grouped short flags, a command name right after `--`… all give undefined, i.e. today's
 * path, where commander decides and reports. Everything else after `--` is the server's (its own
 * --help included).
 */
export function plainLaunchOptions(args: readonly string[]): EarlyListen | undefined {
  const raw: { port: string; host?: string; allowRemote: boolean } = { port: String(DEFAULT_PORT), allowRemote: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      const first = args[i + 1];
      if (first !== undefined && COMMAND_NAMES.includes(first)) return undefined;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') return undefined; // an operand: maybe a command name
    if (arg.startsWith('--')) {
      const { name, inline, value, at } = longOption(args, i, (n) => valueOptions.has(n));
      i = at;
      if (flagOptions.has(name)) {
        if (inline) return undefined; // commander: "too many arguments" / unknown option
        if (name === '--allow-remote') raw.allowRemote = true;
        continue;
      }
      if (!valueOptions.has(name)) return undefined; // --help, --version, unknown
      if (value === undefined || value === '') return undefined; // missing: commander's message; empty: zod's
      if (name === '--port') raw.port = value;
      else if (name === '--host') raw.host = value;
      continue;
    }
    // A short option: only a value option's own form, `-e VALUE` or `-eVALUE`.
    const short = arg.slice(0, 2);
    if (!ROOT_SHORT_VALUE_OPTIONS.includes(short)) return undefined; // -h, -V, grouped or unknown
    if (arg.length === 2) {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('-')) return undefined;
      i++;
    }
  }
  return earlyListen(raw);
}

/**
 * Launch options that change nothing about how a stdio server is started (the env, its cwd, a
 * config file, a URL, the demo, the OTLP variables of --collect-server-spans… do).
 * launch-argv.test.ts checks that each is one of the root options above.
 */
export const SPAWN_NEUTRAL_OPTIONS: readonly string[] = [
  '--port',
  '--host',
  '--traces-dir',
  '--memory-budget',
  '--record',
  '--era',
  '--probe-timeout',
  '--connect-timeout',
  '--otlp-endpoint',
  '--allow-remote',
  '--no-open',
  '--no-record-all',
  '--no-redact',
  '--otlp-content',
  '--trace-context',
];

/** The stdio server a plain launch will open: `-- command args…`, or the demo server (`--demo` alone). */
export type LaunchServer = { command: string; args: string[] } | { demo: true };

/**
 * Whether `args` is a plain launch (plainLaunchOptions) of `-- command args…` with no option that
 * changes how the server starts, decided without commander so that the server can be spawned
 * while mcpscope loads (engine transports/prespawn.ts), as a one-shot call's is (call-argv.ts).
 * Then the command and its args exactly as commander will pass them on; with `--demo` and no
 * command, the demo server (a command wins over `--demo`, as in target.ts). Anything else (a short
 * option such as -e, an option not in SPAWN_NEUTRAL_OPTIONS, no target, a command that starts
 * with `-`): undefined.
 */
export function plainLaunchServer(args: readonly string[]): LaunchServer | undefined {
  if (!plainLaunchOptions(args)) return undefined;
  let demo = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      const server = serverAfterDashes(args, i);
      if (server === null) break;
      return server;
    }
    if (!arg.startsWith('--')) return undefined;
    const { name, at } = longOption(args, i, (n) => valueOptions.has(n));
    i = at;
    if (name === '--demo') demo = true;
    else if (!SPAWN_NEUTRAL_OPTIONS.includes(name)) return undefined;
  }
  return demo ? { demo: true } : undefined;
}

/**
 * A plain launch's --prespawn-fd (a background mcpscope started by `connect`, live/background.ts):
 * the fd its first session's stdio server is named on. Before `--` only; undefined without one.
 */
export function prespawnFdOf(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    const { name, value, at } = longOption(args, i, (n) => valueOptions.has(n));
    if (name === '--prespawn-fd' && value !== undefined && /^\d{1,4}$/.test(value)) return Number(value);
    i = at;
  }
  return undefined;
}
