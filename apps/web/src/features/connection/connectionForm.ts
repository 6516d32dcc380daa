import { SessionConfigSchema, type SessionConfigInput } from '@mcpscope/wire';
import { formatArgs, parseArgs } from './parseArgs';

export type TransportChoice = 'stdio' | 'http' | 'sse' | 'auto';

export interface KeyValue {
  key: string;
  value: string;
}

/** What the connection form edits; strings as typed, converted by `toSessionConfig`. */
export interface ConnectionForm {
  transport: TransportChoice;
  name: string;
  command: string;
  argsLine: string;
  cwd: string;
  env: KeyValue[];
  url: string;
  headers: KeyValue[];
  bearerToken: string;
}

export const emptyForm: ConnectionForm = {
  transport: 'stdio',
  name: '',
  command: '',
  argsLine: '',
  cwd: '',
  env: [],
  url: '',
  headers: [],
  bearerToken: '',
};

export type FieldErrors = Partial<Record<'command' | 'args' | 'url' | 'cwd' | 'form', string>>;

export type ConfigResult = { ok: true; config: SessionConfigInput; argv: string[] } | { ok: false; errors: FieldErrors };

export function rowsToRecord(rows: readonly KeyValue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) if (key.trim()) out[key.trim()] = value;
  return out;
}

export function recordToRows(record: Record<string, string> | undefined): KeyValue[] {
  return Object.entries(record ?? {}).map(([key, value]) => ({ key, value }));
}

/**
 * The argv the server will be started with. A command typed with arguments ("npx -y pkg")
 * is split too, so pasting a whole command line into the command field works.
 */
export function commandArgv(
  form: Pick<ConnectionForm, 'command' | 'argsLine'>,
): { ok: true; argv: string[] } | { ok: false; errors: FieldErrors } {
  const cmd = parseArgs(form.command.trim());
  if (!cmd.ok) return { ok: false, errors: { command: cmd.error } };
  const args = parseArgs(form.argsLine);
  if (!args.ok) return { ok: false, errors: { args: args.error } };
  return { ok: true, argv: [...cmd.args, ...args.args] };
}

/** Validates the form with the wire schema, the same one the proxy applies. */
export function toSessionConfig(form: ConnectionForm): ConfigResult {
  const name = form.name.trim() || undefined;
  let candidate: SessionConfigInput;
  let argv: string[] = [];
  if (form.transport === 'stdio') {
    const split = commandArgv(form);
    if (!split.ok) return split;
    argv = split.argv;
    const [command = '', ...args] = argv;
    candidate = {
      transport: 'stdio',
      command,
      args,
      env: rowsToRecord(form.env),
      ...(form.cwd.trim() ? { cwd: form.cwd.trim() } : {}),
      ...(name ? { name } : {}),
    };
  } else {
    candidate = {
      transport: form.transport,
      url: form.url.trim(),
      headers: rowsToRecord(form.headers),
      ...(form.bearerToken ? { bearerToken: form.bearerToken } : {}),
      ...(name ? { name } : {}),
    };
  }
  const parsed = SessionConfigSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, config: candidate, argv };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key = field === 'command' || field === 'url' || field === 'cwd' ? field : 'form';
    errors[key] ??= field === 'command' && form.command.trim() === '' ? 'Enter the command that starts the server' : issue.message;
  }
  return { ok: false, errors };
}

/** The inverse of toSessionConfig, for loading a saved or imported server into the form. */
export function fromSessionConfig(config: SavedConfig): ConnectionForm {
  if (config.transport === 'stdio') {
    return {
      ...emptyForm,
      transport: 'stdio',
      name: config.name ?? '',
      command: config.command ?? '',
      argsLine: formatArgs(config.args ?? []),
      cwd: config.cwd ?? '',
      env: recordToRows(config.env),
    };
  }
  return {
    ...emptyForm,
    transport: config.transport,
    name: config.name ?? '',
    url: config.url ?? '',
    headers: recordToRows(config.headers),
    bearerToken: config.bearerToken ?? '',
  };
}

/** A config as stored or imported: secrets may have been removed, so fields are optional. */
export interface SavedConfig {
  transport: TransportChoice;
  name?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  bearerToken?: string;
}

/** A short display name: the form's name, else the script/package or the URL's host. */
export function displayName(config: SavedConfig): string {
  if (config.name) return config.name;
  if (config.transport === 'stdio') {
    const meaningful = (config.args ?? []).find((a) => !a.startsWith('-')) ?? config.command ?? 'server';
    return meaningful.split(/[\\/]/).pop() || meaningful;
  }
  try {
    return new URL(config.url ?? '').host;
  } catch {
    return config.url ?? 'server';
  }
}
