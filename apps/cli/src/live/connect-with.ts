import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { SessionConfig } from '@mcpscope/engine';
import { INHERITED_ENV_VARS } from '@mcpscope/engine/server-env';
import type { SessionInfo } from '@mcpscope/wire';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { describeConnectError, describeTarget } from '../format-error.js';
import type { CliIo } from '../io.js';
import { ApiError } from './api.js';
import { backgroundLog, ensureRunning } from './background.js';
import { isLive, type LiveUi } from './pick-session.js';
import { sessionInfoOf, sessionListOf } from './session-list.js';
import { LINK_NOTE, mintLink } from './ui-link.js';
import { escapeControl } from '../commands/escape-control.js';

// No zod and no engine here: `connect` (its fast path too, live/fast-live.ts) opens its session
// through this file once its options are checked (commands/connect.ts).

/** connect's options, checked. */
export interface ConnectArgs {
  name?: string;
  json: boolean;
  port: number;
  tracesDir?: string;
  recordAll: boolean;
  memoryBudget?: number;
}

/**
 * The session's config as the running mcpscope will use it, named after --name. A stdio server
 * starts as a direct `call` would start it from this shell, whatever shell started the
 * background mcpscope: in this working directory, with this shell's PATH, HOME… (the variables
 * every server inherits, server-env.ts; nothing else of this environment) under the -e ones.
 */
export function sessionConfig(config: SessionConfig, opts: { name?: string }, env: NodeJS.ProcessEnv): SessionConfig {
  const named = opts.name ? { ...config, name: opts.name } : config;
  if (named.transport !== 'stdio') return named;
  const inherited = Object.fromEntries(
    INHERITED_ENV_VARS.flatMap((k) => (env[k] !== undefined && !env[k]!.startsWith('()') ? [[k, env[k]!]] : [])),
  );
  return { ...named, env: { ...inherited, ...named.env }, cwd: resolve(named.cwd ?? process.cwd()) };
}

export const clashMessage = (name: string, other: SessionInfo, url: string): string =>
  `a session named ${JSON.stringify(name)} is already open in the running mcpscope at ${url} (${other.id}, ${other.state}): pick another --name, or close it first with \`mcpscope stop --session ${other.id}\``;

/**
 * Names are unique among the live sessions of one mcpscope. Checked before (nothing is spawned
 * for a clash) and after opening: of two connects racing with one name, the later one closes its
 * session again and reports the clash.
 */
async function keepUnique(ui: LiveUi, mine: SessionInfo): Promise<void> {
  const { body } = await ui.api.send({ method: 'GET', path: '/api/sessions', timeoutMs: 10_000 });
  const sessions = sessionListOf(body);
  if (!sessions) throw new ApiError(200, 'MCPSCOPE_CLI_BAD_REPLY', 'unexpected reply to GET /api/sessions');
  const earlier = sessions.find(
    (s) =>
      s.id !== mine.id &&
      s.name === mine.name &&
      isLive(s) &&
      (s.createdAt < mine.createdAt || (s.createdAt === mine.createdAt && s.id < mine.id)),
  );
  if (!earlier) return;
  await ui.api
    .send({ method: 'DELETE', path: `/api/sessions/${encodeURIComponent(mine.id)}?forget=1`, origin: 'cli: connect' })
    .catch(() => undefined);
  throw new CliError(clashMessage(mine.name, earlier, ui.entry.url));
}

function print(session: SessionInfo, ui: LiveUi, started: boolean, link: string | undefined, opts: { json: boolean }, io: CliIo): void {
  const { entry } = ui;
  if (opts.json) {
    const mcpscope = {
      url: entry.url,
      pid: entry.pid,
      background: entry.background === true,
      started,
      ...(entry.log ? { log: entry.log } : {}),
    };
    io.stdout(`${JSON.stringify({ session, mcpscope, ...(link ? { link } : {}) }, null, 2)}\n`);
    return;
  }
  const era = session.era ? `, ${session.era} era, protocol ${session.protocolVersion ?? '?'}` : '';
  const ref = session.name;
  io.stdout(`mcpscope: session ${JSON.stringify(session.name)} (${session.id}) ${session.state}: ${session.transport}${era}\n`);
  if (session.eraFallback) io.stdout(`  era:      ${escapeControl(session.eraFallback.reason)}\n`);
  io.stdout(`  use it:   mcpscope call tools/list --session ${ref}\n  close it: mcpscope stop --session ${ref}\n`);
  if (started) io.stdout(`mcpscope: started in the background (pid ${entry.pid}, log ${entry.log ?? '?'}); stop it with: mcpscope stop\n`);
  else io.stdout(`mcpscope: in the running mcpscope at ${entry.url} (pid ${entry.pid}${entry.background ? ', background' : ''})\n`);
  io.stdout(
    link
      ? `mcpscope: watch it at ${link}\n  (${LINK_NOTE})\n`
      : `mcpscope: watch it at ${entry.url} (open it from the terminal that started it)\n`,
  );
}

/**
 * `mcpscope connect`: opens the session in the running mcpscope (starting one in the background
 * when none runs: a stdio server then starts with it, while it loads) and leaves it open for
 * `call`/`check`/`lint --session`. Exit 0 connected, 1 a name clash, 2 could not connect.
 */
export async function connectWith(target: SessionConfig, args: ConnectArgs, entry: string | undefined, io: CliIo): Promise<ExitCodeValue> {
  const env = io.env as NodeJS.ProcessEnv;
  const config = sessionConfig(target, args, env);
  // A mcpscope started now opens the session ahead and answers the POST with this claim with it.
  const claim = randomBytes(18).toString('base64url');
  const first =
    config.transport === 'stdio'
      ? {
          command: config.command,
          args: config.args,
          env: config.env ?? {},
          ...(config.cwd ? { cwd: config.cwd } : {}),
          open: { claim, config },
        }
      : undefined;
  const { ui, started } = await ensureRunning(
    {
      entry,
      port: args.port,
      tracesDir: args.tracesDir,
      recordAll: args.recordAll,
      memoryBudget: args.memoryBudget,
      ...(first ? { first } : {}),
    },
    env,
  );
  if (!started && args.port !== 0) io.stderr(`mcpscope: --port ${args.port} ignored: a mcpscope already runs at ${ui.entry.url}\n`);
  // A mcpscope started now for a stdio server may list the session it opened ahead for us already
  // (keepUnique still runs after the POST, for a connect that raced us to it).
  const ahead = started && first !== undefined;
  const clash = args.name && !ahead ? ui.sessions.find((s) => s.name === args.name && isLive(s)) : undefined;
  if (clash) throw new CliError(clashMessage(args.name!, clash, ui.entry.url));
  let session: SessionInfo;
  try {
    const body = ahead ? { config, claim } : { config };
    const reply = await ui.api.send({ method: 'POST', path: '/api/sessions', body, origin: 'cli: connect' });
    const created = sessionInfoOf((reply.body as { session?: unknown } | undefined)?.session);
    if (!created) throw new ApiError(reply.status, 'MCPSCOPE_CLI_BAD_REPLY', 'unexpected reply to POST /api/sessions');
    session = created;
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'MCPSCOPE_ERR_CONNECT_FAILED') throw err;
    io.stderr(`${describeConnectError(describeTarget(config), { code: err.code, message: err.message, details: err.details })}\n`);
    if (started)
      io.stderr(
        `  (mcpscope keeps running in the background: the failed session is in its UI; \`mcpscope stop\` stops it; log ${backgroundLog(env)})\n`,
      );
    return ExitCode.ConnectFailed;
  }
  // Both are requests to the same mcpscope, neither needs the other's answer: one round trip, not two.
  const [, link] = await Promise.all([keepUnique(ui, session), mintLink(ui.api)]);
  print(session, ui, started, link, args, io);
  return ExitCode.Ok;
}
