import type { SessionConfig } from './types.js';

const LAUNCHERS = new Set(['node', 'npx', 'python', 'python3', 'uv', 'uvx', 'bun', 'bunx', 'deno', 'pnpm', 'npm', 'docker', 'java']);

/** A short name for a server: the one the user gave, else its script or package rather than `node` or `npx`. */
export function nameOf(config: SessionConfig): string {
  return givenName(config.name) ?? derivedNameOf(config);
}

/** A name the user gave, trimmed; undefined when there is none (empty or blank). */
export function givenName(name: string | null | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed ? trimmed : undefined;
}

/** The automatic name: the script or package of a command, the host of a URL. */
export function derivedNameOf(config: SessionConfig): string {
  if (config.transport !== 'stdio') return new URL(config.url).host;
  const base = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
  const command = base(config.command);
  if (!LAUNCHERS.has(command.replace(/\.exe$/, ''))) return command;
  const arg = config.args.find((a) => !a.startsWith('-') && a !== 'run' && a !== 'exec');
  if (!arg) return command;
  return arg.startsWith('@') ? arg : base(arg);
}

export function targetOf(config: SessionConfig): string {
  return config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
}
