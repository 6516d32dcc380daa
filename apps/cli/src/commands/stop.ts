import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { findSession, isLive, reachableUis, type LiveUi } from '../live/locate.js';
import { SessionRefSchema } from '../live/refuse-target.js';
import { parseOptions } from '../options.js';
import { isAlive } from '../ui-registry.js';

const StopOptionsSchema = z.object({ session: SessionRefSchema.optional() });

/** A background mcpscope closes every session (their process trees) and flushes traces on SIGTERM; this long at most. */
const STOP_GRACE_MS = 10_000;

async function gone(pid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (isAlive(pid)) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/** `stop --session`: closes one session (its server), in any running mcpscope; the UI keeps it listed as closed. */
async function closeSession(ref: string, io: CliIo): Promise<ExitCodeValue> {
  const { ui, session } = await findSession(ref, io.env as NodeJS.ProcessEnv);
  const what = `session ${JSON.stringify(session.name)} (${session.id})`;
  if (session.wrapped || session.offline)
    throw new CliError(`${what} is read-only (${session.offline ? 'opened from a trace' : 'wrapped'}): there is nothing to stop`);
  if (!isLive(session)) {
    io.stdout(`mcpscope: ${what} was already ${session.state}\n`);
    return ExitCode.Ok;
  }
  await ui.api.send({ method: 'DELETE', path: `/api/sessions/${encodeURIComponent(session.id)}`, origin: 'cli: stop' });
  io.stdout(`mcpscope: closed ${what}\n`);
  return ExitCode.Ok;
}

/**
 * Stops a background mcpscope: SIGTERM, to the pid of a registry entry whose mcpscope just
 * answered with its token (so it is that process, not a pid reused since), then waits for it to
 * close its sessions and exit; SIGKILL after STOP_GRACE_MS (its servers' supervisors then take
 * their trees down: the watchdog of process-tree.ts).
 */
async function stopBackground(ui: LiveUi, io: CliIo): Promise<boolean> {
  const { pid, url } = ui.entry;
  const live = ui.sessions.filter(isLive).length;
  process.kill(pid, 'SIGTERM');
  if (!(await gone(pid, STOP_GRACE_MS))) {
    io.stderr(`mcpscope: the background mcpscope (pid ${pid}) did not stop within ${STOP_GRACE_MS} ms; killing it\n`);
    process.kill(pid, 'SIGKILL');
    if (!(await gone(pid, 3_000))) return false;
  }
  io.stdout(`mcpscope: stopped the background mcpscope (pid ${pid}, ${url}); ${live} live session(s) closed\n`);
  return true;
}

/**
 * `mcpscope stop`: stops the background mcpscope(s) started by `connect`; `stop --session <name|id>`
 * closes one session. A mcpscope started in a terminal is left alone (Ctrl-C there stops it).
 * Exit 0 (also when there was nothing to stop), 2 when a session or mcpscope cannot be reached
 * or would not stop.
 */
export async function runStop(rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(StopOptionsSchema, rawOptions);
  if (opts.session) return closeSession(opts.session, io);
  const { uis, notes } = await reachableUis(io.env as NodeJS.ProcessEnv);
  for (const note of notes) io.stderr(`mcpscope: ${note}\n`);
  const background = uis.filter((u) => u.entry.background);
  for (const ui of uis.filter((u) => !u.entry.background)) {
    io.stderr(`mcpscope: the mcpscope at ${ui.entry.url} (pid ${ui.entry.pid}) runs in a terminal: not stopped (Ctrl-C there stops it)\n`);
  }
  if (background.length === 0) {
    io.stdout('mcpscope: no background mcpscope is running\n');
    return ExitCode.Ok;
  }
  let ok = true;
  for (const ui of background) ok = (await stopBackground(ui, io)) && ok;
  return ok ? ExitCode.Ok : ExitCode.ConnectFailed;
}
