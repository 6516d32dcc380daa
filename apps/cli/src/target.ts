import type { SessionConfig, StdioSessionConfig } from '@mcpscope/engine';
import { loadServerFromFile } from './config-file.js';
import { CliError } from './exit-codes.js';
import type { TargetOptions } from './options.js';

export interface TargetContext {
  /** The stdio config of the embedded demo server. */
  demo(): StdioSessionConfig | Promise<StdioSessionConfig>;
  /** Reads a config file into a SessionConfig (injected for tests). */
  loadConfig?(file: string, server: string | undefined): SessionConfig;
}

/** Applies the command-line extras (env, cwd, headers, bearer) to a config, checking they fit its transport. */
function withExtras(config: SessionConfig, opts: TargetOptions): SessionConfig {
  const hasHeaders = Object.keys(opts.header).length > 0;
  if (config.transport === 'stdio') {
    if (hasHeaders || opts.bearer) throw new CliError('--header and --bearer apply to HTTP servers (--url), not to a command');
    return { ...config, env: { ...config.env, ...opts.env }, ...(opts.cwd ? { cwd: opts.cwd } : {}) };
  }
  if (Object.keys(opts.env).length > 0 || opts.cwd) throw new CliError('--env and --cwd apply to a command, not to --url');
  return {
    ...config,
    headers: { ...config.headers, ...opts.header },
    ...(opts.bearer ? { bearerToken: opts.bearer } : {}),
  };
}

function checkTransport(config: SessionConfig, transport: TargetOptions['transport']): SessionConfig {
  if (transport === undefined || transport === config.transport) return config;
  if (config.transport === 'stdio' || transport === 'stdio') {
    throw new CliError(`--transport ${transport} does not fit this target (${config.transport === 'stdio' ? 'a command' : 'a URL'})`);
  }
  return { ...config, transport };
}

/**
 * Turns the target options and the words after `--` into one SessionConfig, or undefined
 * when no target was given (launch then starts with an empty UI).
 */
export async function resolveTarget(opts: TargetOptions, command: string[], ctx: TargetContext): Promise<SessionConfig | undefined> {
  const sources = [
    command.length > 0 && 'a command',
    opts.url && '--url',
    opts.config && '--config',
    opts.demo && '--demo',
  ].filter(Boolean);
  if (sources.length > 1) throw new CliError(`give one target, not ${sources.join(' and ')}`);
  if (opts.server && !opts.config) throw new CliError('--server needs --config <file>');

  let config: SessionConfig | undefined;
  if (command.length > 0) {
    const [cmd, ...args] = command;
    config = { transport: 'stdio', command: cmd, args, env: {} };
  } else if (opts.url) {
    config = { transport: 'auto', url: opts.url, headers: {} };
  } else if (opts.config) {
    config = (ctx.loadConfig ?? loadServerFromFile)(opts.config, opts.server);
  } else if (opts.demo) {
    config = await ctx.demo();
  }
  if (!config) {
    const extras = opts.transport || opts.era || opts.bearer || opts.cwd || Object.keys(opts.header).length || Object.keys(opts.env).length;
    if (extras) throw new CliError('target options need a target: -- <command> [args…], --url, --config or --demo');
    return undefined;
  }
  const withEra = opts.era ? { ...config, era: opts.era } : config;
  return withExtras(checkTransport(withEra, opts.transport), opts);
}

/** How a target is named in messages: the command line or the URL. */
export function describeTarget(config: SessionConfig): string {
  return config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
}
