import { cleanOriginReason } from '@mcpscope/protocol';
import type { SessionInfo } from '@mcpscope/wire';
import { buildParams, parseArgValue, type ParamOptions } from '../call-params.js';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { LiveApi } from './api.js';
import { runCallLines } from './call-lines.js';
import type { LiveUi } from './pick-session.js';
import { runSessionCall } from './session-call.js';
import { sessionListOf } from './session-list.js';

// No zod and no engine here: both the commander path (commands/live-call.ts, after checking the
// options) and the fast path (live/fast-live.ts) end here.

/** `call --session`'s options, checked: the shortcuts as ParamOptions, the answer file as read. */
export interface LiveCallArgs extends ParamOptions {
  timeout: number;
  connectTimeout: number;
  /** The answer file's JSON (the running mcpscope checks its shape again). */
  answers?: unknown;
  /** --stdin: one request a line, one answer a line. */
  stdin: boolean;
}

/** Where a session still connecting is looked at again. */
const CONNECTING_POLL_MS = 100;

/** A session the UI (or a launch) is still connecting: waited for, up to --connect-timeout. */
async function connected(api: LiveApi, id: string, timeoutMs: number): Promise<Pick<SessionInfo, 'state' | 'error'>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { body } = await api.send({ method: 'GET', path: '/api/sessions', timeoutMs: 10_000 });
    const info = sessionListOf(body)?.find((s) => s.id === id) ?? { state: 'closed' as const };
    if (info.state !== 'connecting' || performance.now() > deadline) return info;
    await new Promise((r) => setTimeout(r, CONNECTING_POLL_MS));
  }
}

/**
 * --arg texts that JSON reads as something else (`42`, `true`, `"x"`): the running mcpscope puts
 * them back as text where the tool's inputSchema types the key as a string. The last --arg of a
 * key wins, as in buildParams.
 */
function textArgsOf(method: string, args: ParamOptions['arg']): Record<string, string> | undefined {
  if (method !== 'tools/call' || args.length === 0) return undefined;
  const last = new Map(args);
  const texts = [...last].filter(([, text]) => parseArgValue(text) !== text);
  return texts.length > 0 ? Object.fromEntries(texts) : undefined;
}

/**
 * `call <method> --session` (or `--stdin`) on the session picked: refused on a read-only or
 * unconnected session, waited for while connecting; then the request through POST …/call.
 */
export async function callOnSession(
  found: { ui: LiveUi; session: SessionInfo },
  method: string | undefined,
  args: LiveCallArgs,
  io: CliIo,
): Promise<ExitCodeValue> {
  const { ui, session } = found;
  if (session.wrapped || session.offline)
    throw new CliError(
      `session ${JSON.stringify(session.name)} (${session.id}) is read-only (${session.offline ? 'opened from a trace' : 'wrapped'}): nothing can be sent on it`,
      ExitCode.ConnectFailed,
    );
  const state = session.state === 'connecting' ? await connected(ui.api, session.id, args.connectTimeout) : session;
  if (state.state !== 'connected') {
    const why = state.error ? `: ${state.error.message}` : '';
    throw new CliError(
      `session ${JSON.stringify(session.name)} (${session.id}) is ${state.state}${why}; reconnect it in the UI or with \`mcpscope connect\``,
      ExitCode.ConnectFailed,
    );
  }
  const common = {
    timeoutMs: args.timeout,
    ...(args.level ? { logLevel: args.level } : {}),
    ...(args.answers === undefined ? {} : { answers: args.answers }),
  };
  if (args.stdin || method === undefined) return runCallLines(ui.api, session.id, common, io);
  const params = buildParams(method, args);
  const tool = args.tool ?? (Array.isArray(params) ? undefined : params?.name);
  const textArgs = textArgsOf(method, args.arg);
  const request = {
    method,
    ...(params === undefined ? {} : { params }),
    describeTool: method === 'tools/call' && typeof tool === 'string',
    ...(textArgs ? { textArgs } : {}),
    ...common,
  };
  // Everything this command sends is the user's `cli: call <method>`, as with a direct call.
  return runSessionCall(ui.api, session.id, cleanOriginReason(`cli: call ${method}`) ?? 'cli: call', request, io);
}
