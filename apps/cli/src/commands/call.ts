import { Engine, handOffStdioServers, LOG_LEVELS, strayOutput, withOrigin, type RequestOutcome, type Session } from '@mcpscope/engine';
import { cleanOriginReason, toolUi } from '@mcpscope/protocol';
import { z } from 'zod';
import { buildParams, checkParamOptions, isStringProperty, splitArg } from '../call-params.js';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { eraFallbackLine } from '../era-line.js';
import { describeConnectError } from '../format-error.js';
import { answerCallHeadless, loadAnswerFile, rootsOf, type AnswerFile } from '../headless-answers.js';
import type { CliIo } from '../io.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';
import { serverLogLine } from '../server-log-line.js';
import { escapeControl } from './escape-control.js';

export { report };
import { json, printApp, report, toolListedLine } from './call-report.js';
import { requiredTaskHint, sendTask } from './call-task.js';
import { loadSkill } from './call-skill.js';
import { reportStdoutNoise } from './call-stdout-noise.js';
import { TelemetryOptionsShape } from '../telemetry-options.js';
import { cliTelemetry } from '../cli-telemetry.js';

/** `--arg key=value` → [key, the raw text of value]. */
const ArgSchema = z.string().transform((raw, ctx) => {
  const pair = splitArg(raw);
  if (pair) return pair;
  ctx.addIssue({ code: 'custom', message: `--arg "${raw}" must look like key=value` });
  return z.NEVER;
});

const ParamsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `--params is not valid JSON: ${(err as Error).message}` });
      return z.NEVER;
    }
  })
  .pipe(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: '--params must be a JSON object or array' }));

export const CallOptionsSchema = TargetOptionsSchema.extend({
  params: ParamsSchema.optional(),
  tool: z.string().min(1, '--tool needs a name').optional(),
  arg: z.array(ArgSchema).default([]),
  uri: z.string().min(1, '--uri needs a URI').optional(),
  prompt: z.string().min(1, '--prompt needs a name').optional(),
  skill: z.string().min(1, '--skill needs a URI').optional(),
  // --load alone is `true` (SKILL.md); --load <file> names a file of the skill.
  load: z.union([z.literal(true), z.string().min(1)]).optional(),
  level: z.enum(LOG_LEVELS, { error: `--level must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  answerFile: z.string().min(1).optional(),
  timeout: z.coerce.number({ error: '--timeout must be a number of milliseconds' }).int().positive().default(30_000),
  connectTimeout: z.coerce.number({ error: '--connect-timeout must be a number of milliseconds' }).int().positive().default(30_000),
  // --task: tools/call run as a task to completion; --task-ttl asks the server to keep it (2025-11-25 `task.ttl`).
  task: z.boolean().default(false),
  taskTtl: z.coerce.number({ error: '--task-ttl must be a number of milliseconds' }).int().nonnegative().optional(),
  ...TelemetryOptionsShape,
});
type CallOptions = z.infer<typeof CallOptionsSchema>;

/** What a lost connection left behind: the exit and the last stderr lines, for the message. */
function lostConnectionDetails(session: Session): string {
  const lines: string[] = [];
  const events = session.events();
  const exit = events.findLast((e) => e.type === 'lifecycle' && e.phase === 'exit');
  if (exit && exit.type === 'lifecycle') lines.push(`  ${escapeControl(exit.message ?? `exited with code ${exit.code}`)}`);
  const stderr = events.filter((e) => e.type === 'stderr').slice(-5);
  for (const e of stderr) if (e.type === 'stderr') lines.push(`    | ${escapeControl(e.text.trimEnd())}`);
  return lines.join('\n');
}

type ToolDef = { name?: unknown; inputSchema?: unknown; outputSchema?: unknown };

/**
 * The tool's definitions from tools/list, every page walked (so the session's linter knows the
 * whole listing and checks the call's structuredContent against its outputSchema). A server may
 * list one name more than once: every definition under it is returned.
 */
async function toolDefinitions(session: Session, tool: string, timeoutMs: number): Promise<ToolDef[]> {
  return ((await session.toolDefinitions({ timeoutMs })) ?? []).filter((t) => t.name === tool);
}

/**
 * The definition a call goes by: the one with an outputSchema when the name is listed more than
 * once (the linter checks the result against every such definition), and the ambiguity said on
 * stderr with the sentence it breaks (2025-11-25/server/tools#tool-names).
 */
export function pickToolDefinition(defs: ToolDef[], tool: string, io: CliIo): ToolDef | undefined {
  if (defs.length > 1) io.stderr(toolListedLine(tool, defs.length, defs.filter((d) => d.outputSchema !== undefined).length));
  return defs.find((d) => d.outputSchema !== undefined) ?? defs[0];
}

/** Keys of the tool's inputSchema typed as strings. */
export function stringKeysOf(def: ToolDef | undefined): Set<string> {
  const props = (def?.inputSchema as { properties?: unknown } | undefined)?.properties;
  return new Set(
    props !== null && typeof props === 'object' ? Object.keys(props).filter((k) => isStringProperty(def!.inputSchema, k)) : [],
  );
}

/**
 * A tools/call result whose structuredContent breaks the tool's outputSchema ("Servers MUST
 * provide structured results that conform to this schema", 2025-11-25/server/tools#output-schema):
 * the session's linter judged it (rule structured-content-schema) on a frame after `afterSeq`.
 * Each mismatch goes to stderr; the exit code is 6.
 */
function outputSchemaMismatches(session: Session, afterSeq: number, io: CliIo): ExitCodeValue | undefined {
  const found = session
    .events()
    .filter((e) => e.seq > afterSeq && e.type === 'frame')
    .flatMap((e) => (e.type === 'frame' ? (e.findings ?? []) : []))
    .filter((f) => f.rule === 'structured-content-schema');
  for (const f of found) io.stderr(`mcpscope: ${escapeControl(f.message)} (${f.spec})\n`);
  return found.length > 0 ? ExitCode.OutputSchemaMismatch : undefined;
}

/** A tool with an MCP App: its ui:// resource on stderr after the result (call-report.ts printApp). */
export function printAppUi(def: ToolDef | undefined, io: CliIo): void {
  const ui = toolUi(def);
  if (ui.resourceUri !== undefined) printApp({ resourceUri: ui.resourceUri, appOnly: ui.appOnly }, io);
}

/**
 * The request goes through the SDK client (progress resets --timeout; 2026-07-28 input_required
 * rounds are answered headless). Array params, and methods the negotiated era does not define
 * (ping, logging/setLevel on 2026-07-28), are sent as written, so the server's own answer shows.
 */
async function send(
  session: Session,
  method: string,
  params: Record<string, unknown> | unknown[] | undefined,
  timeoutMs: number,
  io: CliIo,
): Promise<RequestOutcome> {
  if (!Array.isArray(params)) {
    try {
      return await session.request(method, params, { timeoutMs });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENGINE_METHOD_NOT_IN_ERA') throw err;
      io.stderr(`mcpscope: ${method} is not defined in protocol ${session.info().protocolVersion}; sending it as written\n`);
    }
  }
  const started = performance.now();
  const { response } = await session.send({ method, ...(params === undefined ? {} : { params }) }, { timeoutMs });
  const latencyMs = performance.now() - started;
  if (response && 'error' in response)
    return { callId: 'raw', outcome: 'error', error: response.error as { code: number; message: string }, source: 'server', latencyMs };
  return { callId: 'raw', outcome: 'result', result: (response?.result ?? null) as Record<string, unknown>, latencyMs };
}

function reportFailure(method: string, err: unknown, session: Session, timeoutMs: number, io: CliIo): ExitCodeValue {
  const { code, data } = err as { code?: string; data?: { rpcError?: unknown } };
  if (code === 'ENGINE_TIMEOUT') {
    io.stderr(`mcpscope: no response to ${method} within ${timeoutMs} ms (--timeout)\n`);
    // Stdout noise is said once for every outcome (reportStdoutNoise), not here.
    const stray = strayOutput(session.events(), { stdoutNoise: false });
    if (stray.length > 0) io.stderr(`  the server sent instead:\n${stray.map((s) => `    - ${escapeControl(s)}\n`).join('')}`);
    return ExitCode.Timeout;
  }
  if (code === 'ENGINE_RESPONSE_REFUSED') {
    // An answer came but could not be used (nested past the cap, larger than the line cap): no usable response.
    io.stderr(`mcpscope: ${escapeControl((err as Error).message)}\n`);
    return ExitCode.Timeout;
  }
  if (code === 'ENGINE_RPC_ERROR') {
    io.stdout(json(data?.rpcError ?? null));
    io.stderr(`mcpscope: ${escapeControl((err as Error).message)}\n`);
    return ExitCode.RpcError;
  }
  if (code === 'ENGINE_CONNECTION_LOST' || code === 'ENGINE_SESSION_EXPIRED') {
    // The engine's words name the method and why (the server's answer, or `connection refused at …`).
    io.stderr(`mcpscope: ${escapeControl((err as Error).message)}\n`);
    return ExitCode.ConnectFailed;
  }
  if (code === 'ENGINE_CLOSED' || code === 'ENGINE_NOT_CONNECTED' || code === 'ENGINE_SEND_FAILED') {
    io.stderr(
      `mcpscope: lost the connection during ${method}: ${escapeControl((err as Error).message)}\n${lostConnectionDetails(session)}\n`,
    );
    return ExitCode.ConnectFailed;
  }
  io.stderr(`mcpscope: ${method} failed: ${escapeControl((err as Error).message)}${code ? ` [${code}]` : ''}\n`);
  return ExitCode.Usage;
}

/** With --level on another method: the server's log messages go to stderr as they come. */
function printServerLogs(engine: Engine, session: Session, io: CliIo): void {
  engine.subscribe((m) => {
    if (m.type !== 'frame' || m.sessionId !== session.id || m.dir !== 'in' || m.msg?.method !== 'notifications/message') return;
    io.stderr(serverLogLine(m.msg.params));
  });
}

async function exchange(
  engine: Engine,
  session: Session,
  method: string,
  opts: CallOptions,
  answers: AnswerFile,
  io: CliIo,
): Promise<ExitCodeValue> {
  answerCallHeadless(engine, session, answers, io);
  const roots = rootsOf(answers);
  if (roots) await session.setRoots(roots);
  if (opts.level && method !== 'logging/setLevel') {
    printServerLogs(engine, session, io);
    await session.setLogLevel(opts.level);
  }
  if (opts.load !== undefined) return loadSkill(session, opts.skill!, opts.load === true ? undefined : opts.load, io);
  const tool = opts.tool ?? (Array.isArray(opts.params) ? undefined : opts.params?.name);
  // tools/call: the tool's definition first (its string-typed keys for --arg; its outputSchema).
  const def =
    method === 'tools/call' && typeof tool === 'string'
      ? pickToolDefinition(await toolDefinitions(session, tool, opts.timeout), tool, io)
      : undefined;
  const stringKeys = method === 'tools/call' && opts.arg.length > 0 ? stringKeysOf(def) : undefined;
  const before = session.events().at(-1)?.seq ?? 0;
  const params = buildParams(method, opts, stringKeys);
  const out = opts.task
    ? await sendTask(engine, session, params as Record<string, unknown>, { timeoutMs: opts.timeout, ttlMs: opts.taskTtl }, io)
    : await send(session, method, params, opts.timeout, io);
  if (typeof out === 'number') return out;
  if (method === 'tools/call' && !opts.task) requiredTaskHint(session, tool, out, io);
  const code = report(method, out, io);
  if (method === 'tools/call' && out.outcome === 'result') printAppUi(def, io);
  return code === ExitCode.Ok && def?.outputSchema !== undefined ? (outputSchemaMismatches(session, before, io) ?? code) : code;
}

/** `mcpscope call <method>`: connect, send one request, print the result, close. */
export async function runCall(method: string, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(CallOptionsSchema, rawOptions);
  checkParamOptions(method, opts);
  if ((opts.task || opts.taskTtl !== undefined) && (method !== 'tools/call' || Array.isArray(opts.params)))
    throw new CliError('--task and --task-ttl go with tools/call (object params) only');
  if (opts.load !== undefined && (method !== 'skills/get' || !opts.skill)) throw new CliError('--load goes with skills/get --skill <uri>');
  const answers = opts.answerFile ? loadAnswerFile(opts.answerFile) : {};
  const config = await resolveTarget(opts, command, { demo: demoConfig });
  if (!config) throw new CliError('call needs a target: -- <command> [args…], --url, --config or --demo');
  const engine = new Engine({ telemetry: cliTelemetry(io, opts), sessionKind: 'call' });
  try {
    let session: Session;
    try {
      // The OAuth user agents (and the browser opener) load only for an HTTP server with --oauth.
      const oauth =
        config.transport !== 'stdio' && config.oauth ? await (await import('../oauth-agent.js')).oauthAgent(opts, config, io) : {};
      session = await engine.open(config, {
        record: opts.record,
        noRedact: !opts.redact,
        connectTimeoutMs: opts.connectTimeout,
        watchListChanges: false,
        ...oauth,
      });
    } catch (err) {
      io.stderr(`${describeConnectError(describeTarget(config), err)}\n`);
      return ExitCode.ConnectFailed;
    }
    io.stderr(eraFallbackLine(session.info().eraFallback, true));
    // Everything the command sends after the handshake is the user's `cli: call <method>` (the
    // roots and log level it sets, the tool schema lookup, the request); answers from
    // --answer-file go out as `client: answer …`.
    const origin = { by: 'user' as const, reason: cleanOriginReason(`cli: call ${method}`) ?? 'cli: call' };
    try {
      return await withOrigin(origin, () => exchange(engine, session, method, opts, answers, io));
    } catch (err) {
      return reportFailure(method, err, session, opts.timeout, io);
    } finally {
      reportStdoutNoise(session, io);
    }
  } finally {
    // The answer is printed: the server's stdin closes now and its supervisor finishes the stop
    // (grace, SIGTERM, SIGKILL) after we exit, rather than this process waiting for it.
    if (io.exitsWhenDone) handOffStdioServers();
    await engine.dispose();
  }
}
