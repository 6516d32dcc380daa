import { z } from 'zod';
import { CliError } from '../exit-codes.js';
import { TargetOptionsSchema, type TargetOptions } from '../options.js';

/** `--session <name|id>` of call, check and lint. */
export const SessionRefSchema = z
  .string()
  .trim()
  .min(1, '--session needs a session name or id')
  .max(200, '--session: at most 200 characters');

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The target options a command got, by flag: every option of TargetOptionsSchema whose value is
 * not its default (so an option added there later is covered too).
 */
export function targetFlagsGiven(opts: TargetOptions, command: string[]): string[] {
  const defaults = TargetOptionsSchema.parse({}) as Record<string, unknown>;
  const given = command.length > 0 ? ['a command after --'] : [];
  for (const key of Object.keys(TargetOptionsSchema.shape)) {
    const value = (opts as Record<string, unknown>)[key];
    if (value === undefined || JSON.stringify(value) === JSON.stringify(defaults[key])) continue;
    given.push(value === false && defaults[key] === true ? `--no-${kebab(key)}` : `--${kebab(key)}`);
  }
  return given;
}

/** With --session the running mcpscope's connection is used as it is: target options would be ignored, so they are refused. */
export function refuseTargetOptions(opts: TargetOptions, command: string[], what: string): void {
  const given = targetFlagsGiven(opts, command);
  if (given.length === 0) return;
  const record = given.includes('--record') ? ' (the running mcpscope already records every session in its traces folder)' : '';
  throw new CliError(`${what} --session uses the session's own connection: drop ${given.join(', ')}${record}`);
}
