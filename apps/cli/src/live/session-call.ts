import type { CallToolApp, SessionCallLine } from '@mcpscope/wire/plain';
import type { SessionInfo } from '@mcpscope/wire';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { json, printApp, report, toolListedLine, type PrintedOutcome } from '../commands/call-report.js';
import { escapeControl } from '../commands/escape-control.js';
import { serverLogLine } from '../server-log-line.js';
import { ApiError, UnreachableError, type LiveApi } from './api.js';
import { sessionListOf } from './session-list.js';

// No zod and no engine here: `call --session` (its fast path too) runs its request through this file.

/** The body of POST /api/sessions/:id/call (wire SessionCallBodySchema; the running mcpscope checks it). */
export interface SessionCallRequest {
  method: string;
  params?: Record<string, unknown> | unknown[];
  describeTool?: boolean;
  textArgs?: Record<string, string>;
  timeoutMs: number;
  logLevel?: string;
  /** The answer file as read (the running mcpscope checks its shape). */
  answers?: unknown;
}

export type CallEnd =
  | {
      kind: 'outcome';
      outcome: PrintedOutcome & Record<string, unknown>;
      app?: CallToolApp;
      schemaFindings?: Array<{ message: string; spec?: string }>;
    }
  | { kind: 'failure'; error: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const badLine = (): ApiError => new ApiError(200, 'MCPSCOPE_CLI_BAD_REPLY', 'unexpected line in the reply to POST …/call');

/** What the running mcpscope tells while the call runs, said on stderr as a direct `call` says it. */
function tell(line: Exclude<SessionCallLine, { type: 'outcome' | 'error' }>, method: string, io: CliIo): void {
  if (line.type === 'server-request') {
    if (line.answered === 'ui')
      io.stderr(`mcpscope: the server asked for ${line.method}; answer it in the mcpscope UI (or pass --answer-file)\n`);
    if (line.answered === 'refused')
      io.stderr(`mcpscope: the server asked for ${line.method}; answered with an error (headless, see --answer-file)\n`);
  } else if (line.type === 'log') {
    io.stderr(serverLogLine(line));
  } else if (line.type === 'as-written') {
    io.stderr(
      `mcpscope: ${method} is not defined in protocol ${escapeControl(String(line.protocolVersion ?? '?'))}; sending it as written\n`,
    );
  } else if (line.type === 'tool-listed') {
    io.stderr(toolListedLine(line.name, line.count, line.withOutputSchema));
  }
}

/**
 * One line of a call's reply: its end (`outcome` or `error`), or undefined once told on stderr
 * (the server's requests and logs…). A line of any other shape is a bad reply (ApiError).
 */
export function callLineEnd(value: unknown, method: string, io: CliIo): CallEnd | undefined {
  const line = value as SessionCallLine;
  if (!isObject(line)) throw badLine();
  if (line.type === 'outcome') {
    const out = line.outcome as CallEnd & { outcome?: unknown };
    if (!isObject(out) || !['result', 'error', 'cancelled'].includes(out.outcome as string)) throw badLine();
    return {
      kind: 'outcome',
      outcome: line.outcome as never,
      ...(isObject(line.app) ? { app: line.app } : {}),
      ...(Array.isArray(line.schemaFindings) ? { schemaFindings: line.schemaFindings } : {}),
    };
  }
  if (line.type === 'error') {
    const e: Record<string, unknown> = isObject(line.error) ? line.error : {};
    const details = isObject(e.details) ? e.details : {};
    return {
      kind: 'failure',
      error: new ApiError(
        200,
        typeof e.code === 'string' ? e.code : 'MCPSCOPE_ERR_INTERNAL',
        typeof e.message === 'string' ? e.message : 'failed',
        details,
      ),
    };
  }
  if (line.type === 'server-request' || line.type === 'log' || line.type === 'as-written' || line.type === 'tool-listed')
    tell(line, method, io);
  return undefined;
}

/** One call on the session: the streamed lines told as they come, the last one returned. */
export async function callSession(
  api: LiveApi,
  sessionId: string,
  origin: string,
  request: SessionCallRequest,
  io: CliIo,
): Promise<CallEnd> {
  let end: CallEnd | undefined;
  try {
    await api.lines({ method: 'POST', path: `/api/sessions/${encodeURIComponent(sessionId)}/call`, body: request, origin }, (value) => {
      if (end) throw badLine();
      end = callLineEnd(value, request.method, io);
    });
  } catch (err) {
    return { kind: 'failure', error: err };
  }
  return end ?? { kind: 'failure', error: new UnreachableError(api.ui.url, 'the reply ended before the call did') };
}

/** The server forgot the HTTP session (a new one was started) or went away mid-request. */
const LOST = new Set(['ENGINE_CONNECTION_LOST', 'ENGINE_SESSION_EXPIRED', 'MCPSCOPE_ERR_CONNECTION_LOST', 'MCPSCOPE_ERR_SESSION_EXPIRED']);

/** How a failure ends the command: its exit code, and the kind of failure (for `--stdin`'s lines). */
export function failureKind(err: unknown): { exitCode: ExitCodeValue; code: string } {
  if (err instanceof UnreachableError) return { exitCode: ExitCode.ConnectFailed, code: 'MCPSCOPE_CLI_UNREACHABLE' };
  if (!(err instanceof ApiError)) throw err;
  const code = err.engineCode ?? err.code;
  if (
    code === 'ENGINE_TIMEOUT' ||
    code === 'MCPSCOPE_ERR_TIMEOUT' ||
    code === 'ENGINE_RESPONSE_REFUSED' ||
    code === 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED'
  )
    return { exitCode: ExitCode.Timeout, code };
  if (code === 'ENGINE_RPC_ERROR') return { exitCode: ExitCode.RpcError, code };
  if (LOST.has(code)) return { exitCode: ExitCode.ConnectFailed, code };
  if (
    [
      'ENGINE_CLOSED',
      'ENGINE_NOT_CONNECTED',
      'ENGINE_SEND_FAILED',
      'MCPSCOPE_ERR_NOT_CONNECTED',
      'MCPSCOPE_ERR_SESSION_NOT_FOUND',
    ].includes(code)
  )
    return { exitCode: ExitCode.ConnectFailed, code };
  return { exitCode: ExitCode.Usage, code };
}

/** The session as the running mcpscope sees it now (undefined when it cannot say). */
async function sessionNow(api: LiveApi, id: string): Promise<SessionInfo | undefined> {
  const { body } = await api.send({ method: 'GET', path: '/api/sessions', timeoutMs: 10_000 });
  return sessionListOf(body)?.find((s) => s.id === id);
}

/**
 * What became of the session after its request failed with it: lost (closed, and why), or
 * connected again on a new MCP session after the server forgot the old one. A new session being
 * started is waited for (up to 10 s): its outcome is what the user needs next.
 */
async function whatBecameOf(api: LiveApi, id: string): Promise<string> {
  const deadline = performance.now() + 10_000;
  let info = await sessionNow(api, id).catch(() => undefined);
  while (info?.state === 'connecting' && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    info = await sessionNow(api, id).catch(() => undefined);
  }
  if (!info) return '';
  const who = `session ${escapeControl(JSON.stringify(info.name))} (${info.id})`;
  if (info.state === 'connected' && info.reinitialized) return `  ${who} is connected again, on a new MCP session: run the command again\n`;
  return `  ${who} is ${info.state}${info.error ? `: ${escapeControl(info.error.message)}` : ''}\n`;
}

/** The same words and exit codes as a direct `call` (call.ts reportFailure), from the API's error. */
export async function reportFailure(
  method: string,
  err: unknown,
  api: LiveApi,
  sessionId: string,
  timeoutMs: number,
  io: CliIo,
): Promise<ExitCodeValue> {
  const { exitCode, code } = failureKind(err);
  if (err instanceof UnreachableError) {
    io.stderr(`mcpscope: lost the running mcpscope during ${method}: ${escapeControl(err.message)}\n`);
  } else if (!(err instanceof ApiError)) {
    throw err;
  } else if (code === 'ENGINE_TIMEOUT' || code === 'MCPSCOPE_ERR_TIMEOUT') {
    io.stderr(`mcpscope: no response to ${method} within ${timeoutMs} ms (--timeout)\n`);
  } else if (code === 'ENGINE_RPC_ERROR') {
    io.stdout(json(err.details.rpcError ?? null));
    io.stderr(`mcpscope: ${escapeControl(err.message)}\n`);
  } else if (exitCode === ExitCode.Timeout) {
    // The server's answer, refused at the boundary: the message is the reason.
    io.stderr(`mcpscope: ${escapeControl(err.message)}\n`);
  } else if (LOST.has(code)) {
    // The engine's words name the method and why; then what became of the session.
    io.stderr(`mcpscope: ${escapeControl(err.message)}\n${await whatBecameOf(api, sessionId)}`);
  } else if (exitCode === ExitCode.ConnectFailed) {
    const info = await sessionNow(api, sessionId).catch(() => undefined);
    const state = info
      ? `\n  session ${escapeControl(JSON.stringify(info.name))} (${info.id}) is ${info.state}${info.error ? `: ${escapeControl(info.error.message)}` : ''}`
      : '';
    io.stderr(`mcpscope: lost the connection during ${method}: ${escapeControl(err.message)}${state}\n`);
  } else {
    io.stderr(`mcpscope: ${method} failed: ${escapeControl(err.message)} [${code}]\n`);
  }
  return exitCode;
}

/**
 * `call <method> --session`: the request on the session, printed as a direct `call` prints it
 * (result or error JSON on stdout, the MCP App and outputSchema findings on stderr), its exit code.
 */
export async function runSessionCall(
  api: LiveApi,
  sessionId: string,
  origin: string,
  request: SessionCallRequest,
  io: CliIo,
): Promise<ExitCodeValue> {
  const end = await callSession(api, sessionId, origin, request, io);
  if (end.kind === 'failure') return reportFailure(request.method, end.error, api, sessionId, request.timeoutMs, io);
  const code = report(request.method, end.outcome, io);
  if (request.method === 'tools/call' && end.outcome.outcome === 'result' && end.app) printApp(end.app, io);
  if (code !== ExitCode.Ok || !end.schemaFindings?.length) return code;
  for (const f of end.schemaFindings) io.stderr(`mcpscope: ${escapeControl(f.message)} (${f.spec})\n`);
  return ExitCode.OutputSchemaMismatch;
}
