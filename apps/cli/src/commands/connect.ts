import { resolve } from 'node:path';
import { INHERITED_ENV_VARS, type SessionConfig } from '@mcpscope/engine';
import { SessionInfoSchema, type SessionInfo } from '@mcpscope/wire';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { describeConnectError } from '../format-error.js';
import { escapeControl } from './escape-control.js';
import type { CliIo } from '../io.js';
import { ApiError } from '../live/api.js';
import { backgroundLog, ensureRunning } from '../live/background.js';
import { isLive, type LiveUi } from '../live/locate.js';
import { LINK_NOTE, mintLink } from '../live/ui-link.js';
import { MemoryBudgetSchema } from '../memory-budget.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';

/** A name to type after --session: no spaces or quotes, and not shaped like a session id (s1, s2…). */
export const SessionNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_][\w.@:+-]{0,63}$/, '--name: 1 to 64 letters, digits or . _ @ : + - (no spaces)')
  .refine((n) => !/^s\d+$/.test(n), '--name must not look like a session id (s1, s2…)');

const ConnectOptionsSchema = TargetOptionsSchema.extend({
  name: SessionNameSchema.optional(),
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535).default(0),
  tracesDir: z.string().min(1).optional(),
  recordAll: z.boolean().default(true),
  memoryBudget: MemoryBudgetSchema,
  json: z.boolean().default(false),
});
type ConnectOptions = z.infer<typeof ConnectOptionsSchema>;

const CreatedSchema = z.object({ session: SessionInfoSchema });

/** What connect cannot hand to a running mcpscope (its API opens sessions from a plain config). */
function refuseUnsupported(opts: ConnectOptions): void {
  if (opts.oauth || opts.oauthHeadless) throw new CliError('connect does not run OAuth: pass --bearer <token>, or open the server in the UI (`mcpscope sessions` prints a link) and authorize in its OAuth tab');
  if (opts.record || !opts.redact) throw new CliError('connect: --record and --no-redact do not apply; the running mcpscope records every session in its traces folder');
  if (opts.probeTimeout !== undefined) throw new CliError('connect: --probe-timeout is not supported; the running mcpscope uses its default');
}

/**
 * The session's config as the running mcpscope will use it, named after --name. A stdio server
 * starts as a direct `call` would start it from this shell, whatever shell started the
 * background mcpscope: in this working directory, with this shell's PATH, HOME… (the variables
 * every server inherits, server-env.ts; nothing else of this environment) under the -e ones.
 */
function sessionConfig(config: SessionConfig, opts: ConnectOptions, env: NodeJS.ProcessEnv): SessionConfig {
  const named = opts.name ? { ...config, name: opts.name } : config;
  if (named.transport !== 'stdio') return named;
  const inherited = Object.fromEntries(INHERITED_ENV_VARS.flatMap((k) => (env[k] !== undefined && !env[k]!.startsWith('()') ? [[k, env[k]!]] : [])));
  return { ...named, env: { ...inherited, ...named.env }, cwd: resolve(named.cwd ?? process.cwd()) };
}

const clashMessage = (name: string, other: SessionInfo, url: string): string =>
  `a session named ${JSON.stringify(name)} is already open in the running mcpscope at ${url} (${other.id}, ${other.state}): pick another --name, or close it first with \`mcpscope stop --session ${other.id}\``;

/**
 * Names are unique among the live sessions of one mcpscope. Checked before (nothing is spawned
 * for a clash) and after opening: of two connects racing with one name, the later one closes its
 * session again and reports the clash.
 */
async function keepUnique(ui: LiveUi, mine: SessionInfo): Promise<void> {
  const { sessions } = await ui.api.json({ method: 'GET', path: '/api/sessions', timeoutMs: 10_000 }, z.object({ sessions: z.array(SessionInfoSchema) }));
  const earlier = sessions.find((s) => s.id !== mine.id && s.name === mine.name && isLive(s) && (s.createdAt < mine.createdAt || (s.createdAt === mine.createdAt && s.id < mine.id)));
  if (!earlier) return;
  await ui.api.send({ method: 'DELETE', path: `/api/sessions/${encodeURIComponent(mine.id)}?forget=1`, origin: 'cli: connect' }).catch(() => undefined);
  throw new CliError(clashMessage(mine.name, earlier, ui.entry.url));
}

function print(session: SessionInfo, ui: LiveUi, started: boolean, link: string | undefined, opts: ConnectOptions, io: CliIo): void {
  const { entry } = ui;
  if (opts.json) {
    const mcpscope = { url: entry.url, pid: entry.pid, background: entry.background === true, started, ...(entry.log ? { log: entry.log } : {}) };
    io.stdout(JSON.stringify({ session, mcpscope, ...(link ? { link } : {}) }, null, 2) + '\n');
    return;
  }
  const era = session.era ? `, ${session.era} era, protocol ${session.protocolVersion ?? '?'}` : '';
  const ref = session.name;
  io.stdout(`mcpscope: session ${JSON.stringify(session.name)} (${session.id}) ${session.state}: ${session.transport}${era}\n`);
  if (session.eraFallback) io.stdout(`  era:      ${escapeControl(session.eraFallback.reason)}\n`);
  io.stdout(`  use it:   mcpscope call tools/list --session ${ref}\n  close it: mcpscope stop --session ${ref}\n`);
  if (started) io.stdout(`mcpscope: started in the background (pid ${entry.pid}, log ${entry.log ?? '?'}); stop it with: mcpscope stop\n`);
  else io.stdout(`mcpscope: in the running mcpscope at ${entry.url} (pid ${entry.pid}${entry.background ? ', background' : ''})\n`);
  io.stdout(link ? `mcpscope: watch it at ${link}\n  (${LINK_NOTE})\n` : `mcpscope: watch it at ${entry.url} (open it from the terminal that started it)\n`);
}

/**
 * `mcpscope connect [--name <name>] [target options] [-- command args…]`: opens a session in the
 * running mcpscope (starting one in the background when none runs) and leaves it open for
 * `call`/`check`/`lint --session`. Exit 0 connected, 1 bad usage or a name clash, 2 could not connect.
 */
export async function runConnect(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ConnectOptionsSchema, rawOptions);
  refuseUnsupported(opts);
  const target = await resolveTarget(opts, command, { demo: demoConfig });
  if (!target) throw new CliError('connect needs a target: -- <command> [args…], --url, --config or --demo');
  const env = io.env as NodeJS.ProcessEnv;
  const config = sessionConfig(target, opts, env);
  const { ui, started } = await ensureRunning({ port: opts.port, tracesDir: opts.tracesDir, recordAll: opts.recordAll, memoryBudget: opts.memoryBudget }, env);
  if (!started && opts.port !== 0) io.stderr(`mcpscope: --port ${opts.port} ignored: a mcpscope already runs at ${ui.entry.url}\n`);
  const clash = opts.name ? ui.sessions.find((s) => s.name === opts.name && isLive(s)) : undefined;
  if (clash) throw new CliError(clashMessage(opts.name!, clash, ui.entry.url));
  let session: SessionInfo;
  try {
    ({ session } = await ui.api.json({ method: 'POST', path: '/api/sessions', body: { config }, origin: 'cli: connect' }, CreatedSchema));
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'MCPSCOPE_ERR_CONNECT_FAILED') throw err;
    io.stderr(describeConnectError(describeTarget(config), { code: err.code, message: err.message, details: err.details }) + '\n');
    if (started) io.stderr(`  (mcpscope keeps running in the background: the failed session is in its UI; \`mcpscope stop\` stops it; log ${backgroundLog(env)})\n`);
    return ExitCode.ConnectFailed;
  }
  await keepUnique(ui, session);
  print(session, ui, started, await mintLink(ui.api), opts, io);
  return ExitCode.Ok;
}
