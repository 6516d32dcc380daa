import { displayNameOf, displayNameText, SessionListSchema, type SessionInfo } from '@mcpscope/wire';
import { CliError, ExitCode } from '../exit-codes.js';
import { removeUi, runningUis, type UiEntry } from '../ui-registry.js';
import { ApiError, LiveApi, UnreachableError } from './api.js';

/** A running mcpscope that answered with its token, and its sessions at that moment. */
export interface LiveUi {
  entry: UiEntry;
  api: LiveApi;
  sessions: SessionInfo[];
}

/** How long a running mcpscope gets to list its sessions before it is taken for gone. */
const LIST_TIMEOUT_MS = 5_000;

export const isLive = (s: SessionInfo): boolean => s.state === 'connecting' || s.state === 'connected';

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
      const { sessions } = await api.json({ method: 'GET', path: '/api/sessions', timeoutMs: LIST_TIMEOUT_MS }, SessionListSchema);
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

const label = (s: SessionInfo): string => `${JSON.stringify(s.name)} (${s.id}, ${s.state})`;

/**
 * `--session <name|id>`: an id, or a name. Several sessions may carry one name (the UI does not
 * stop that); the one that is connected wins, else the newest. The same name live in two places
 * is ambiguous: the user says which by id.
 */
export function pickSession(ref: string, uis: LiveUi[]): { ui: LiveUi; session: SessionInfo } {
  const byId = uis.flatMap((ui) => ui.sessions.filter((s) => s.id === ref).map((session) => ({ ui, session })));
  if (byId.length === 1) return byId[0]!;
  if (byId.length > 1) {
    throw new CliError(`session id ${ref} exists in ${byId.length} running mcpscopes (${byId.map((m) => m.ui.entry.url).join(', ')}): give its name instead`);
  }
  // The name it was opened with, or the name the UI and `mcpscope sessions` show (its label).
  const byName = uis.flatMap((ui) => ui.sessions.filter((s) => s.name === ref).map((session) => ({ ui, session })));
  const named = byName.length > 0 ? byName : uis.flatMap((ui) => ui.sessions.filter((s) => displayNameText(displayNameOf(s)) === ref).map((session) => ({ ui, session })));
  const live = named.filter((m) => isLive(m.session));
  if (live.length > 1) {
    throw new CliError(`${live.length} live sessions are named ${JSON.stringify(ref)}: ${live.map((m) => `${m.session.id} at ${m.ui.entry.url}`).join(', ')}; give its id instead`);
  }
  if (live.length === 1) return live[0]!;
  const newest = named.sort((a, b) => b.session.createdAt - a.session.createdAt)[0];
  if (newest) return newest;
  const known = uis.flatMap((ui) => ui.sessions).map(label);
  const list = known.length > 0 ? `its sessions: ${known.join(', ')}` : 'it has no sessions';
  const where = uis.length === 1 ? `the running mcpscope (${uis[0]!.entry.url})` : `${uis.length} running mcpscopes`;
  throw new CliError(`no session ${JSON.stringify(ref)} in ${where}; ${list}`, ExitCode.ConnectFailed);
}

export async function findSession(ref: string, env: NodeJS.ProcessEnv): Promise<{ ui: LiveUi; session: SessionInfo }> {
  return pickSession(ref, await requireUis(env));
}
