import { isStringProperty, setOwn } from '@mcpscope/protocol';
import { CliError } from './exit-codes.js';

// No zod here: `call --session`'s fast path (live/fast-call.ts) builds its params with this file.

/** `--arg key=value` → [key, the raw text of value], or undefined when it has no key. */
export function splitArg(raw: string): readonly [string, string] | undefined {
  const at = raw.indexOf('=');
  return at <= 0 ? undefined : ([raw.slice(0, at), raw.slice(at + 1)] as const);
}

export interface ParamOptions {
  params?: Record<string, unknown> | unknown[];
  tool?: string;
  arg: Array<readonly [string, string]>;
  uri?: string;
  prompt?: string;
  level?: string;
  skill?: string;
}

/** Which method each shortcut option belongs to. */
const OPTION_METHOD = { tool: 'tools/call', prompt: 'prompts/get', uri: 'resources/read', skill: 'skills/get' } as const;

/** A --arg value: JSON when it parses (42, true, null, {"a":1}, "quoted"), else the text as is. */
export function parseArgValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export { isStringProperty };

/** Checks that the shortcut options fit the method; a mismatch is a usage error. */
export function checkParamOptions(method: string, opts: ParamOptions): void {
  for (const [option, owner] of Object.entries(OPTION_METHOD)) {
    if (opts[option as keyof typeof OPTION_METHOD] !== undefined && method !== owner)
      throw new CliError(`--${option} goes with ${owner}, not ${method}`);
  }
  if (opts.arg.length > 0 && method !== 'tools/call' && method !== 'prompts/get')
    throw new CliError(`--arg goes with tools/call or prompts/get, not ${method}`);
  if (Array.isArray(opts.params) && (opts.arg.length > 0 || opts.tool || opts.prompt || opts.uri || opts.skill))
    throw new CliError('--params is an array: it cannot be combined with --tool, --prompt, --uri, --skill or --arg');
}

/**
 * The request params from --params and the shortcuts: --tool/--arg (tools/call; `stringKeys`
 * keep their raw text), --prompt/--arg (prompts/get; prompt arguments are strings by the
 * spec), --uri (resources/read), --level (logging/setLevel). Shortcuts win over --params.
 */
export function buildParams(
  method: string,
  opts: ParamOptions,
  stringKeys: ReadonlySet<string> = new Set(),
): Record<string, unknown> | unknown[] | undefined {
  if (Array.isArray(opts.params)) return opts.params;
  const params: Record<string, unknown> = { ...opts.params };
  if (method === 'tools/call') {
    if (opts.tool !== undefined) params.name = opts.tool;
    if (opts.arg.length > 0) {
      const args = isObject(params.arguments) ? { ...params.arguments } : {};
      for (const [key, text] of opts.arg) setOwn(args, key, stringKeys.has(key) ? text : parseArgValue(text));
      params.arguments = args;
    } else if (opts.tool !== undefined && !Object.hasOwn(params, 'arguments')) {
      // `arguments` is optional in the schema, but servers of the SDK 1.0 era reject a call
      // without it; --params given whole is sent as typed.
      params.arguments = {};
    }
  } else if (method === 'prompts/get') {
    if (opts.prompt !== undefined) params.name = opts.prompt;
    if (opts.arg.length > 0)
      params.arguments = { ...(isObject(params.arguments) ? params.arguments : {}), ...Object.fromEntries(opts.arg) };
  } else if (method === 'resources/read' && opts.uri !== undefined) {
    params.uri = opts.uri;
  } else if (method === 'skills/get' && opts.skill !== undefined) {
    params.uri = opts.skill;
  } else if (method === 'logging/setLevel' && opts.level !== undefined) {
    params.level = opts.level;
  }
  return Object.keys(params).length === 0 && opts.params === undefined ? undefined : params;
}
