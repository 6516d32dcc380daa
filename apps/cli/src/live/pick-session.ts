import type { SessionInfo } from '@mcpscope/wire';
import { displayNameOf, displayNameText } from '@mcpscope/wire/plain';
import { CliError, ExitCode } from '../exit-codes.js';
import type { UiEntry } from '../ui-registry.js';
import type { LiveApi } from './api.js';

// No zod here: `call --session`'s fast path picks its session with this file (types aside).

/** A running mcpscope that answered with its token, and its sessions at that moment. */
export interface LiveUi {
  entry: UiEntry;
  api: LiveApi;
  sessions: SessionInfo[];
}

export const isLive = (s: SessionInfo): boolean => s.state === 'connecting' || s.state === 'connected';

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
    throw new CliError(
      `session id ${ref} exists in ${byId.length} running mcpscopes (${byId.map((m) => m.ui.entry.url).join(', ')}): give its name instead`,
    );
  }
  // The name it was opened with, or the name the UI and `mcpscope sessions` show (its label).
  const byName = uis.flatMap((ui) => ui.sessions.filter((s) => s.name === ref).map((session) => ({ ui, session })));
  const named =
    byName.length > 0
      ? byName
      : uis.flatMap((ui) => ui.sessions.filter((s) => displayNameText(displayNameOf(s)) === ref).map((session) => ({ ui, session })));
  const live = named.filter((m) => isLive(m.session));
  if (live.length > 1) {
    throw new CliError(
      `${live.length} live sessions are named ${JSON.stringify(ref)}: ${live.map((m) => `${m.session.id} at ${m.ui.entry.url}`).join(', ')}; give its id instead`,
    );
  }
  if (live.length === 1) return live[0]!;
  const newest = named.sort((a, b) => b.session.createdAt - a.session.createdAt)[0];
  if (newest) return newest;
  const known = uis.flatMap((ui) => ui.sessions).map(label);
  const list = known.length > 0 ? `its sessions: ${known.join(', ')}` : 'it has no sessions';
  const where = uis.length === 1 ? `the running mcpscope (${uis[0]!.entry.url})` : `${uis.length} running mcpscopes`;
  throw new CliError(`no session ${JSON.stringify(ref)} in ${where}; ${list}`, ExitCode.ConnectFailed);
}
