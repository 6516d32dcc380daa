import type { PromptArgument } from './schemas';

/**
 * The `arguments` of prompts/get: string values only (spec: `arguments: { [key]: string }`);
 * empty optional ones are left out, empty required ones are reported but still sendable
 * (a debugger lets the user see how the server reacts).
 */
export function buildPromptArguments(
  defs: readonly PromptArgument[],
  values: Record<string, string>,
): { args: Record<string, string>; missing: string[] } {
  const args: Record<string, string> = {};
  const missing: string[] = [];
  for (const def of defs) {
    const v = values[def.name] ?? '';
    if (v !== '') args[def.name] = v;
    else if (def.required) missing.push(def.name);
  }
  return { args, missing };
}
