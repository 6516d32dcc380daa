// No imports: mcpscope.ts runs this before anything else loads (commander included).

/**
 * A long option at args[i] as commander reads it: its name, and its value when it takes one
 * (`--name=value`, or `--name value` where the value is the next word). `at` is the index of the
 * last word it used. `value` is undefined for a value option left without one (no next word, or
 * one that starts with `-`, which commander would not take as its value either: both callers then
 * leave the decision to commander).
 */
export function longOption(
  args: readonly string[],
  i: number,
  takesValue: (name: string) => boolean,
): { name: string; inline: boolean; value?: string; at: number } {
  const arg = args[i]!;
  const eq = arg.indexOf('=');
  const name = eq === -1 ? arg : arg.slice(0, eq);
  if (eq !== -1) return { name, inline: true, value: arg.slice(eq + 1), at: i };
  if (!takesValue(name)) return { name, inline: false, at: i };
  const next = args[i + 1];
  return next === undefined || next.startsWith('-') ? { name, inline: false, at: i } : { name, inline: false, value: next, at: i + 1 };
}

/**
 * The stdio server after the `--` at args[i]: its command and args exactly as commander passes
 * them on. null when nothing follows; undefined for a command commander would not take as one
 * (empty, or starting with `-`).
 */
export function serverAfterDashes(args: readonly string[], i: number): { command: string; args: string[] } | null | undefined {
  const [command, ...rest] = args.slice(i + 1);
  if (command === undefined) return null;
  return command !== '' && !command.startsWith('-') ? { command, args: rest } : undefined;
}
