import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { SessionConfig } from '@mcpscope/engine';
import { recordedTarget, type RecordedTarget, type TraceHeader } from '@mcpscope/trace';
import { CliError } from '../exit-codes.js';
import { escapeControl } from './escape-control.js';

/**
 * A trace file is untrusted (it can be crafted and sent to you), so the target it recorded is
 * never started unless the user asks with --use-recorded-command, and then only after the exact
 * argv, cwd and env names are printed. The trace's env is never applied.
 */

/** An argv as a JSON-style list of quoted, escaped words (exact: no shell quoting to misread). */
function showArgv(argv: readonly string[]): string {
  return `[${argv.map((a) => escapeControl(JSON.stringify(a))).join(', ')}]`;
}

function showTarget(t: RecordedTarget): string {
  return t.transport === 'stdio'
    ? `${showArgv([t.command, ...t.args])}${t.cwd ? ` in ${escapeControl(JSON.stringify(t.cwd))}` : ''}`
    : escapeControl(t.url);
}

/** Names of the env the trace carries (a crafted one may); shown so the user sees they are dropped. */
function recordedEnvNames(header: TraceHeader): string[] {
  const config = header.session.config as { env?: unknown } | null | undefined;
  const env = config && typeof config === 'object' ? config.env : undefined;
  return env && typeof env === 'object' && !Array.isArray(env) ? Object.keys(env).map(escapeControl) : [];
}

/**
 * The session config of the trace's recorded target when the user passed
 * --use-recorded-command (after printing what will run to stderr); otherwise a usage error
 * that names both ways to proceed and shows the recorded command.
 */
export function recordedConfig(file: string, header: TraceHeader, useRecorded: boolean, stderr: (text: string) => void): SessionConfig {
  const target = recordedTarget(header);
  const name = escapeControl(file);
  if (!useRecorded) {
    const recorded = target
      ? `\nthe trace recorded ${target.transport === 'stdio' ? 'the command' : 'the URL'} ${showTarget(target)}`
      : '\nthe trace records no target';
    throw new CliError(
      `replay: no target given; a trace file does not run a command by itself.${recorded}\n` +
        `give the server to replay against (-- <command> [args…], --url <url>, --config or --demo), ` +
        `or pass --use-recorded-command to run the recorded one after checking it`,
    );
  }
  if (!target) throw new CliError(`replay: ${name} records no target to use; give one (-- <command> [args…], --url <url>)`);
  const ignored = recordedEnvNames(header);
  const lines = [`mcpscope replay: --use-recorded-command: running the target recorded in ${name}:`];
  if (target.transport === 'stdio') {
    lines.push(`  argv: ${showArgv([target.command, ...target.args])}`);
    lines.push(
      `  cwd:  ${target.cwd ? escapeControl(JSON.stringify(target.cwd)) : `(this directory: ${escapeControl(JSON.stringify(process.cwd()))})`}`,
    );
    lines.push(`  env:  ${Object.keys(getDefaultEnvironment()).join(', ') || '(none)'} from this shell`);
  } else {
    lines.push(`  url:  ${escapeControl(target.url)} (${target.transport})`);
  }
  if (ignored.length > 0) lines.push(`  the trace's own env is never applied (it sets ${ignored.join(', ')})`);
  stderr(`${lines.join('\n')}\n`);
  return target.transport === 'stdio' ? { ...target, env: {} } : { ...target, headers: {} };
}
