import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StdioSessionConfig } from '@mcpscope/engine';
import { checkParamOptions, splitArg } from '../call-params.js';
import { reportThrown, type ExitCodeValue } from '../exit-codes.js';
import { processIo, type CliIo } from '../io.js';
import type { LiveArgv } from '../live-argv.js';
import { runSessions } from '../commands/sessions.js';
import { callOnSession, type LiveCallArgs } from './call-on-session.js';
import { checkOnSession, type CheckBody } from './check-on-session.js';
import { connectWith, type ConnectArgs } from './connect-with.js';
import { findSession } from './locate.js';
import type { ReportOptions } from '../commands/emit-report.js';

// `call`/`check --session` and `sessions` without commander, zod or the engine: a call on a live
// session should cost little more than starting Node. Options are taken only when they are
// plainly valid, as the commander path's zod schemas would take them; anything else (undefined
// here) goes the usual way, which reports it. Nothing is sent before that decision.

/** engine LOG_LEVELS (live-argv.test.ts keeps them equal). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
/** The proxy bounds a request's wait at one hour (commands/live-call.ts MAX_LIVE_TIMEOUT_MS). */
const MAX_CALL_TIMEOUT_MS = 3_600_000;
const MAX_CHECK_TIMEOUT_MS = 600_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive whole number of milliseconds up to `max`, as written (`30000`), else undefined. */
function millis(text: string | undefined, fallback: number, max: number): number | undefined {
  if (text === undefined) return fallback;
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const ms = Number(text);
  return ms > 0 && ms <= max ? ms : undefined;
}

/** --session as SessionRefSchema takes it: trimmed, 1–200 characters. */
function sessionRef(text: string | undefined): string | undefined {
  const ref = text?.trim();
  return ref && ref.length <= 200 ? ref : undefined;
}

/** A string option given with a non-empty value (commander's last one; `--arg` is collected). */
const one = (argv: LiveArgv, name: string): string | undefined => argv.values.get(name)?.at(-1);
const nonEmpty = (argv: LiveArgv, name: string): string | undefined | null => {
  const v = one(argv, name);
  return v === undefined ? undefined : v === '' ? null : v;
};

/**
 * The answer file when it is plainly one (an object of objects, its `roots/list` roots well
 * formed): the running mcpscope reads it with the same schema. Else undefined.
 */
function answerFile(file: string): { answers: Record<string, unknown> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Object.values(value).every(isObject)) return undefined;
  const roots = Object.hasOwn(value, 'roots/list') ? (value['roots/list'] as Record<string, unknown>) : undefined;
  if (roots !== undefined) {
    const keys = Object.keys(roots);
    const error = keys.length === 1 && isObject(roots.error) ? roots.error : undefined;
    const isError = error !== undefined && Number.isInteger(error.code) && typeof error.message === 'string';
    const result = keys.length === 1 && isObject(roots.result) ? roots.result : isError ? undefined : roots;
    const list = result?.roots;
    const ok = (r: unknown) =>
      isObject(r) && typeof r.uri === 'string' && r.uri !== '' && (r.name === undefined || typeof r.name === 'string');
    if (result !== undefined && !(Array.isArray(list) && list.every(ok))) return undefined;
  }
  return { answers: value };
}

export function callArgs(argv: LiveArgv): { ref: string; method?: string; args: LiveCallArgs } | undefined {
  const ref = sessionRef(one(argv, '--session'));
  const stdin = argv.flags.has('--stdin');
  const timeout = millis(one(argv, '--timeout'), 30_000, MAX_CALL_TIMEOUT_MS);
  const connectTimeout = millis(one(argv, '--connect-timeout'), 30_000, Number.MAX_SAFE_INTEGER);
  if (!ref || timeout === undefined || connectTimeout === undefined || stdin === (argv.method !== undefined)) return undefined;
  const [tool, uri, prompt, skill, level, file] = ['--tool', '--uri', '--prompt', '--skill', '--level', '--answer-file'].map((n) =>
    nonEmpty(argv, n),
  );
  if ([tool, uri, prompt, skill, level, file].includes(null) || (level && !LOG_LEVELS.includes(level))) return undefined;
  const arg = (argv.values.get('--arg') ?? []).map(splitArg);
  if (!arg.every((a) => a !== undefined)) return undefined;
  let params: Record<string, unknown> | unknown[] | undefined;
  const text = one(argv, '--params');
  if (text !== undefined) {
    try {
      params = JSON.parse(text) as Record<string, unknown> | unknown[];
    } catch {
      return undefined;
    }
    if (typeof params !== 'object' || params === null) return undefined;
  }
  if (stdin && (params !== undefined || arg.length > 0 || tool || uri || prompt || skill)) return undefined;
  const answers = file ? answerFile(file) : {};
  if (!answers) return undefined;
  const args: LiveCallArgs = {
    timeout,
    connectTimeout,
    stdin,
    arg,
    ...(params ? { params } : {}),
    ...(tool ? { tool } : {}),
    ...(uri ? { uri } : {}),
    ...(prompt ? { prompt } : {}),
    ...(skill ? { skill } : {}),
    ...(level ? { level } : {}),
    ...answers,
  };
  return { ref, ...(argv.method === undefined ? {} : { method: argv.method }), args };
}

export function checkArgs(argv: LiveArgv): { ref: string; body: CheckBody; report: ReportOptions } | undefined {
  const ref = sessionRef(one(argv, '--session'));
  const timeoutMs = millis(one(argv, '--timeout'), 15_000, MAX_CHECK_TIMEOUT_MS);
  const format = one(argv, '--format') ?? 'text';
  const output = nonEmpty(argv, '--output');
  if (!ref || timeoutMs === undefined || output === null || !['text', 'json', 'junit'].includes(format)) return undefined;
  const body = {
    callTools: argv.flags.has('--call-tools'),
    exercise: argv.flags.has('--exercise'),
    probe: !argv.flags.has('--no-probe'),
    timeoutMs,
  };
  return { ref, body, report: { format: format as ReportOptions['format'], ...(output ? { output } : {}) } };
}

/** Where the bundle is: dist/ (demo-server.js beside mcpscope.js) and mcpscope.js itself. */
export interface BinFiles {
  dir: string;
  entry: string;
}

/**
 * connect's target and options when they are plainly valid (ConnectOptionsSchema, resolveTarget):
 * a command after `--` or the bundled demo server, nothing that changes its env or cwd.
 */
export function connectArgs(argv: LiveArgv, bin: BinFiles | undefined): { target: StdioSessionConfig; args: ConnectArgs } | undefined {
  const name = one(argv, '--name');
  const era = one(argv, '--era');
  const port = one(argv, '--port') ?? '0';
  const tracesDir = nonEmpty(argv, '--traces-dir');
  if (name !== undefined && (!/^[A-Za-z0-9_][\w.@:+-]{0,63}$/.test(name) || /^s\d+$/.test(name))) return undefined;
  if ((era !== undefined && era !== 'auto' && era !== 'legacy') || !/^\d{1,5}$/.test(port) || Number(port) > 65535 || tracesDir === null)
    return undefined;
  const demo = bin && argv.flags.has('--demo') ? join(bin.dir, 'demo-server.js') : undefined;
  if (argv.flags.has('--demo') === (argv.server !== undefined) || (argv.flags.has('--demo') && !(demo && existsSync(demo))))
    return undefined;
  const [command, ...rest] = argv.server ?? [process.execPath, demo!];
  const target: StdioSessionConfig = {
    transport: 'stdio',
    command: command!,
    args: rest,
    env: {},
    ...(demo ? { name: 'demo' } : {}),
    ...(era ? { era: era as 'auto' | 'legacy' } : {}),
  };
  const args: ConnectArgs = {
    ...(name ? { name } : {}),
    json: argv.flags.has('--json'),
    port: Number(port),
    ...(tracesDir ? { tracesDir } : {}),
    recordAll: !argv.flags.has('--no-record-all'),
  };
  return { target, args };
}

/** Runs the command when its options are plainly valid; undefined: take the usual path. */
export async function runFastLive(argv: LiveArgv, io: CliIo = processIo, bin?: BinFiles): Promise<ExitCodeValue | undefined> {
  const env = io.env as NodeJS.ProcessEnv;
  try {
    if (argv.command === 'sessions') return await runSessions({ json: argv.flags.has('--json') }, io);
    if (argv.command === 'connect') {
      const connect = connectArgs(argv, bin);
      return connect && (await connectWith(connect.target, connect.args, bin?.entry, io));
    }
    if (argv.command === 'check') {
      const check = checkArgs(argv);
      return check && (await checkOnSession(await findSession(check.ref, env), check.body, check.report, io));
    }
    const call = callArgs(argv);
    if (!call) return undefined;
    if (call.method !== undefined) checkParamOptions(call.method, call.args);
    return await callOnSession(await findSession(call.ref, env), call.method, call.args, io);
  } catch (err) {
    return reportThrown(err, io.stderr);
  }
}
