import { cleanOriginReason } from '@mcpscope/protocol';
import type { SessionInfo } from '@mcpscope/wire';
import { buildParams, checkParamOptions } from '../call-params.js';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { loadAnswerFile, rootsOf } from '../headless-answers.js';
import type { CliIo } from '../io.js';
import { ApiError, UnreachableError } from '../live/api.js';
import { CallWatch } from '../live/call-watch.js';
import { findSession } from '../live/locate.js';
import { refuseTargetOptions, SessionRefSchema } from '../live/refuse-target.js';
import { SessionClient, type Outcome } from '../live/session-client.js';
import { parseOptions } from '../options.js';
import { CallOptionsSchema, printAppUi, report, stringKeysOf } from './call.js';
import { escapeControl } from './escape-control.js';

const LiveCallOptionsSchema = CallOptionsSchema.extend({ session: SessionRefSchema });
/** The proxy bounds a request's wait at one hour. */
const MAX_LIVE_TIMEOUT_MS = 3_600_000;

const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

type ToolDef = { name?: unknown; inputSchema?: unknown; outputSchema?: unknown };

/** The tool's definition from tools/list, every page walked (as a direct `call` does, so the session's linter knows the listing). */
async function toolDefinition(client: SessionClient, tool: string, timeoutMs: number): Promise<ToolDef | undefined> {
  let cursor: unknown;
  let found: ToolDef | undefined;
  for (let page = 0; page < 100; page++) {
    const out = await client.request('tools/list', cursor === undefined ? {} : { cursor }, timeoutMs);
    if (out.outcome !== 'result') return found;
    const tools = Array.isArray(out.result.tools) ? (out.result.tools as Array<ToolDef | null>) : [];
    found ??= tools.find((t): t is ToolDef => t !== null && typeof t === 'object' && t.name === tool);
    cursor = out.result.nextCursor;
    if (typeof cursor !== 'string') return found;
  }
  return found;
}

/** Through the SDK client; array params and methods the era does not define go out as written (as a direct `call`). */
async function send(client: SessionClient, watch: CallWatch, method: string, params: Record<string, unknown> | unknown[] | undefined, timeoutMs: number, io: CliIo): Promise<Outcome> {
  if (!Array.isArray(params)) {
    try {
      return await client.request(method, params, timeoutMs, watch.callId);
    } catch (err) {
      if (!(err instanceof ApiError && err.engineCode === 'ENGINE_METHOD_NOT_IN_ERA')) throw err;
      io.stderr(`mcpscope: ${method} is not defined in protocol ${(await client.info())?.protocolVersion ?? '?'}; sending it as written\n`);
    }
  }
  const { response, latencyMs = 0 } = await client.message({ method, ...(params === undefined ? {} : { params }) }, timeoutMs);
  if (response && 'error' in response) return { callId: 'raw', outcome: 'error', error: response.error as { code: number; message: string }, source: 'server', latencyMs };
  return { callId: 'raw', outcome: 'result', result: (response?.result ?? null) as Record<string, unknown>, latencyMs };
}

/** A session the UI (or a launch) is still connecting: waited for, up to --connect-timeout. */
async function connected(client: SessionClient, timeoutMs: number): Promise<Pick<SessionInfo, 'state' | 'error'>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const info = (await client.info()) ?? { state: 'closed' as const };
    if (info.state !== 'connecting' || performance.now() > deadline) return info;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The same words and exit codes as a direct `call` (call.ts reportFailure), from the API's error. */
async function reportFailure(method: string, err: unknown, client: SessionClient, timeoutMs: number, io: CliIo): Promise<ExitCodeValue> {
  if (err instanceof UnreachableError) {
    io.stderr(`mcpscope: lost the running mcpscope during ${method}: ${escapeControl(err.message)}\n`);
    return ExitCode.ConnectFailed;
  }
  if (!(err instanceof ApiError)) throw err;
  const code = err.engineCode ?? err.code;
  if (code === 'ENGINE_TIMEOUT' || code === 'MCPSCOPE_ERR_TIMEOUT') {
    io.stderr(`mcpscope: no response to ${method} within ${timeoutMs} ms (--timeout)\n`);
    return ExitCode.Timeout;
  }
  if (code === 'ENGINE_RESPONSE_REFUSED') {
    io.stderr(`mcpscope: ${escapeControl(err.message)}\n`);
    return ExitCode.Timeout;
  }
  if (code === 'ENGINE_RPC_ERROR') {
    io.stdout(json(err.details.rpcError ?? null));
    io.stderr(`mcpscope: ${escapeControl(err.message)}\n`);
    return ExitCode.RpcError;
  }
  if (['ENGINE_CLOSED', 'ENGINE_NOT_CONNECTED', 'ENGINE_SEND_FAILED', 'MCPSCOPE_ERR_NOT_CONNECTED', 'MCPSCOPE_ERR_SESSION_NOT_FOUND'].includes(code)) {
    const info = await client.info().catch(() => undefined);
    const state = info ? `\n  session ${JSON.stringify(info.name)} (${info.id}) is ${info.state}${info.error ? `: ${escapeControl(info.error.message)}` : ''}` : '';
    io.stderr(`mcpscope: lost the connection during ${method}: ${escapeControl(err.message)}${state}\n`);
    return ExitCode.ConnectFailed;
  }
  io.stderr(`mcpscope: ${method} failed: ${escapeControl(err.message)} [${code}]\n`);
  return ExitCode.Usage;
}

/**
 * `mcpscope call <method> --session <name|id>`: the request goes through a running mcpscope's
 * API on one of its sessions (the one the browser shows, live), with the same output and exit
 * codes as a direct `call`. The connection stays up for the next command.
 */
export async function runLiveCall(method: string, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(LiveCallOptionsSchema, rawOptions);
  refuseTargetOptions(opts, command, 'call');
  const raw = rawOptions as { task?: unknown; taskTtl?: unknown };
  if (raw.task || raw.taskTtl !== undefined) throw new CliError('call --task --session is not supported yet: run the task from the Tools tab of the UI, or call without --session');
  if (opts.timeout > MAX_LIVE_TIMEOUT_MS) throw new CliError(`--timeout with --session: at most ${MAX_LIVE_TIMEOUT_MS} ms`);
  checkParamOptions(method, opts);
  const answers = opts.answerFile ? loadAnswerFile(opts.answerFile) : undefined;
  const { ui, session } = await findSession(opts.session, io.env as NodeJS.ProcessEnv);
  if (session.wrapped || session.offline) throw new CliError(`session ${JSON.stringify(session.name)} (${session.id}) is read-only (${session.offline ? 'opened from a trace' : 'wrapped'}): nothing can be sent on it`, ExitCode.ConnectFailed);
  // Everything this command sends is the user's `cli: call <method>`, as with a direct call.
  const client = new SessionClient(ui.api, session.id, cleanOriginReason(`cli: call ${method}`) ?? 'cli: call');
  const state = session.state === 'connecting' ? await connected(client, opts.connectTimeout) : session;
  if (state.state !== 'connected') {
    const why = state.error ? `: ${escapeControl(state.error.message)}` : '';
    throw new CliError(`session ${JSON.stringify(session.name)} (${session.id}) is ${state.state}${why}; reconnect it in the UI or with \`mcpscope connect\``, ExitCode.ConnectFailed);
  }
  try {
    const roots = answers ? rootsOf(answers) : undefined;
    if (roots) await client.setRoots(roots);
    const watch = new CallWatch(client, await client.frameCount(), { answers, logs: opts.level !== undefined && method !== 'logging/setLevel', io });
    if (opts.level && method !== 'logging/setLevel') await client.setLogLevel(opts.level);
    const tool = opts.tool ?? (Array.isArray(opts.params) ? undefined : opts.params?.name);
    const def = method === 'tools/call' && typeof tool === 'string' ? await toolDefinition(client, tool, opts.timeout) : undefined;
    const stringKeys = method === 'tools/call' && opts.arg.length > 0 ? stringKeysOf(def) : undefined;
    const out = await watch.during(send(client, watch, method, buildParams(method, opts, stringKeys), opts.timeout, io));
    const code = report(method, out, io);
    if (method === 'tools/call' && out.outcome === 'result') printAppUi(def, io);
    if (code !== ExitCode.Ok || def?.outputSchema === undefined || watch.schemaFindings.length === 0) return code;
    for (const f of watch.schemaFindings) io.stderr(`mcpscope: ${escapeControl(f.message)} (${f.spec})\n`);
    return ExitCode.OutputSchemaMismatch;
  } catch (err) {
    return reportFailure(method, err, client, opts.timeout, io);
  }
}
