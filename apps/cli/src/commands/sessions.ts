import type { SessionInfo } from '@mcpscope/wire';
import { displayNameOf, displayNameText } from '@mcpscope/wire/plain';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { requireUis, type LiveUi } from '../live/locate.js';
import { LINK_NOTE, mintLink } from '../live/ui-link.js';
import { escapeControl } from './escape-control.js';

// No zod and no engine here: `mcpscope sessions` is one of the fast paths (live/fast-live.ts).

interface Row {
  /** What `--session` takes (with the id). */
  name: string;
  /** What the UI shows: the user's name, else the server's own title/name and version, else `name`. */
  label: string;
  /** The server's own name and version (serverInfo), when the handshake told it. */
  server?: string;
  id: string;
  state: string;
  era?: string;
  protocolVersion?: string;
  transport: string;
  target: string;
  startedAt: string;
  frames?: number;
  wrapped: boolean;
  offline: boolean;
  /** Started by a replay of this trace (its id). */
  replayOf?: string;
  /** Why it failed, or why its connection was lost (closed). */
  error?: string;
  /** The server forgot the HTTP session and mcpscope started a new one: how often, and the last time why. */
  reinitialized?: { count: number; at: string; reason: string };
  /** Why a session that probed with server/discover went legacy. */
  eraFallback?: string;
  /** The server stopped answering (the session is connecting meanwhile): since when and why. */
  unreachable?: { since: string; reason: string };
  mcpscope: string;
}

/** How many frames the session has (GET …/frames' `total`), undefined when it cannot say. */
async function frameCount(ui: LiveUi, id: string): Promise<number | undefined> {
  const { body } = await ui.api.send({ method: 'GET', path: `/api/sessions/${encodeURIComponent(id)}/frames?index=0&limit=1` });
  const total = (body as { total?: unknown } | undefined)?.total;
  return typeof total === 'number' ? total : undefined;
}

async function rowOf(ui: LiveUi, s: SessionInfo): Promise<Row> {
  const frames = await frameCount(ui, s.id).catch(() => undefined);
  const own = displayNameOf({ name: '', serverInfo: s.serverInfo });
  return {
    name: s.name,
    label: displayNameText(displayNameOf(s)),
    ...(own.source === 'server' ? { server: displayNameText(own) } : {}),
    id: s.id,
    state: s.state,
    ...(s.era ? { era: s.era } : {}),
    ...(s.protocolVersion ? { protocolVersion: s.protocolVersion } : {}),
    transport: s.transport,
    target: s.target,
    startedAt: new Date(s.createdAt).toISOString(),
    ...(frames === undefined ? {} : { frames }),
    wrapped: s.wrapped,
    offline: s.offline === true,
    ...(s.replayOf ? { replayOf: s.replayOf } : {}),
    ...(s.error && s.state !== 'connected' ? { error: s.error.message } : {}),
    ...(s.reinitialized
      ? { reinitialized: { count: s.reinitialized.count, at: new Date(s.reinitialized.at).toISOString(), reason: s.reinitialized.reason } }
      : {}),
    ...(s.eraFallback ? { eraFallback: s.eraFallback.reason } : {}),
    ...(s.unreachable ? { unreachable: { since: new Date(s.unreachable.since).toISOString(), reason: s.unreachable.reason } } : {}),
    mcpscope: ui.entry.url,
  };
}

/** The STATE cell: the state, and what it is not obvious from it (lost rather than closed by you, a new MCP session). */
function stateCell(r: Row): string {
  if (r.offline) return 'offline';
  if (r.wrapped) return `${r.state} (wrap)`;
  if (r.replayOf) return `${r.state} (replay)`;
  if (r.state === 'closed' && r.error) return 'closed (lost)';
  if (r.state === 'connected' && r.reinitialized) return 'connected (re-initialized)';
  return r.state;
}

/** One line per session with something the table cannot hold: why it was lost or failed, or that it is a new MCP session. */
function notes(rows: Row[]): string {
  const lines: string[] = [];
  for (const r of rows) {
    if (r.error) lines.push(`  ${escapeControl(r.name)}: ${escapeControl(clip(r.error, 300))}`);
    else if (r.unreachable)
      lines.push(
        `  ${escapeControl(r.name)}: the server is not answering since ${time(r.unreachable.since)} (${escapeControl(clip(r.unreachable.reason, 200))}); mcpscope keeps trying`,
      );
    else if (r.reinitialized && r.state === 'connected') {
      const times = r.reinitialized.count === 1 ? '' : ` (${r.reinitialized.count} times)`;
      lines.push(
        `  ${escapeControl(r.name)}: session expired, re-initialized at ${time(r.reinitialized.at)}${times}: ${escapeControl(clip(r.reinitialized.reason, 300))}`,
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

const pad = (text: string, width: number): string => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function time(iso: string): string {
  const d = new Date(iso);
  const hms = d.toTimeString().slice(0, 8);
  return d.toDateString() === new Date().toDateString() ? hms : `${d.toISOString().slice(0, 10)} ${hms}`;
}

/**
 * NAME is the session's name as the UI shows it (the user's, else the server's own with its
 * version): one name everywhere. `--session` takes it, the id, or the name it was opened with.
 * SERVER says what the server calls itself when the user renamed the session.
 */
function table(rows: Row[]): string {
  const head = ['NAME', 'SERVER', 'ID', 'STATE', 'ERA', 'TRANSPORT', 'FRAMES', 'STARTED', 'TARGET'];
  // Names and the server's own name are free text: each cell stays on its row (escapeControl).
  const cells = rows.map((r) => [
    clip(escapeControl(r.label), 40),
    clip(escapeControl(r.server && r.server !== r.label ? r.server : '-'), 40),
    r.id,
    stateCell(r),
    r.era ?? '-',
    r.transport,
    r.frames === undefined ? '?' : String(r.frames),
    time(r.startedAt),
    clip(escapeControl(r.target), 60),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  return `${[head, ...cells].map((line) => line.map((c, i) => (i === line.length - 1 ? c : pad(c, widths[i]!))).join('  ')).join('\n')}\n`;
}

/**
 * `mcpscope sessions [--json]`: every session of every running mcpscope (live, closed, failed,
 * wrapped, opened from a trace), with a single-use link to each UI. Exit 0, or 2 when no
 * mcpscope runs.
 */
export async function runSessions(rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = { json: (rawOptions as { json?: unknown } | undefined)?.json === true };
  const uis = await requireUis(io.env as NodeJS.ProcessEnv);
  const mcpscopes = [];
  const rows: Row[] = [];
  for (const ui of uis) {
    // One round of requests per mcpscope, side by side on its kept-alive connections.
    const [link, ...own] = await Promise.all([mintLink(ui.api), ...ui.sessions.map((s) => rowOf(ui, s))]);
    mcpscopes.push({ url: ui.entry.url, pid: ui.entry.pid, background: ui.entry.background === true, ...(link ? { link } : {}) });
    rows.push(...(own as Row[]));
  }
  if (opts.json) {
    io.stdout(`${JSON.stringify({ mcpscopes, sessions: rows }, null, 2)}\n`);
    return ExitCode.Ok;
  }
  for (const m of mcpscopes) {
    const own = rows.filter((r) => r.mcpscope === m.url);
    io.stdout(
      `mcpscope at ${m.url} (pid ${m.pid}${m.background ? ', background: `mcpscope stop` stops it' : ''}): ${own.length} session(s)\n`,
    );
    if (m.link) io.stdout(`  open: ${m.link}\n  (${LINK_NOTE.replace('`mcpscope sessions` prints', 'run this again for')})\n`);
    if (own.length > 0) io.stdout(table(own) + notes(own));
  }
  return ExitCode.Ok;
}
