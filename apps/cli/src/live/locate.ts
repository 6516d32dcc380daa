import type { SessionInfo } from '@mcpscope/wire';
import { CliError, ExitCode } from '../exit-codes.js';
import { removeUi, runningUis } from '../ui-registry.js';
import { ApiError, LiveApi, UnreachableError } from './api.js';
import { pickSession, type LiveUi } from './pick-session.js';
import { sessionListOf } from './session-list.js';

// No zod here: the fast paths of `call`/`check --session` and `sessions` (live/fast-live.ts) use this file.

export { isLive, pickSession, type LiveUi } from './pick-session.js';

/** How long a running mcpscope gets to list its sessions before it is taken for gone. */
const LIST_TIMEOUT_MS = 5_000;

/**
 * The running mcpscopes that answer. An entry whose process is gone, or that nothing answers at
 * its address (a reused pid after a reboot), or that answers with another token, is removed:
 * `notes` say which, so the user learns why nothing was found.
 */
export async function reachableUis(env: NodeJS.ProcessEnv): Promise<{ uis: LiveUi[]; notes: string[] }> {
  const { live, removed } = runningUis(env);
  const notes = removed.map((e) => `removed the registry entry of a mcpscope that is gone (pid ${e.pid}, ${e.url})`);
  const uis: LiveUi[] = [];
  for (const entry of live) {
    try {
      const api = new LiveApi(entry);
      const { status, body } = await api.send({ method: 'GET', path: '/api/sessions', timeoutMs: LIST_TIMEOUT_MS });
      const sessions = sessionListOf(body);
      if (!sessions) throw new ApiError(status, 'MCPSCOPE_CLI_BAD_REPLY', 'unexpected reply to GET /api/sessions');
      uis.push({ entry, api, sessions });
    } catch (err) {
      // Refused: nothing listens there any more. 401: another process on that port. Either way its token is dead.
      if ((err instanceof UnreachableError && err.reason === 'ECONNREFUSED') || (err instanceof ApiError && err.status === 401)) {
        removeUi(entry, env);
        const why = err instanceof UnreachableError ? err.reason : 'it does not accept the registered token';
        notes.push(`removed the registry entry of pid ${entry.pid}: no mcpscope of ours answers at ${entry.url} (${why})`);
        continue;
      }
      // Another failure (no reply in time: busy or hung; an older mcpscope without this API): skipped, not removed.
      notes.push(`skipped the mcpscope at ${entry.url} (pid ${entry.pid}): ${(err as Error).message}`);
    }
  }
  return { uis, notes };
}

export const NO_MCPSCOPE_HINT = 'start one with `mcpscope connect --name <name> -- <server command>` (or run `mcpscope` in a terminal)';

/** At least one running mcpscope, or exit 2 saying none runs (and what stale entries were removed). */
export async function requireUis(env: NodeJS.ProcessEnv): Promise<LiveUi[]> {
  const { uis, notes } = await reachableUis(env);
  if (uis.length > 0) return uis;
  const why = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  throw new CliError(`no running mcpscope${why}: ${NO_MCPSCOPE_HINT}`, ExitCode.ConnectFailed);
}

export async function findSession(ref: string, env: NodeJS.ProcessEnv): Promise<{ ui: LiveUi; session: SessionInfo }> {
  return pickSession(ref, await requireUis(env));
}
