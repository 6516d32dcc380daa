import { displayNameOf, displayNameText, type SessionInfo } from '@mcpscope/wire';
import { z } from 'zod';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { requireUis, type LiveUi } from '../live/locate.js';
import { SessionClient } from '../live/session-client.js';
import { LINK_NOTE, mintLink } from '../live/ui-link.js';
import { parseOptions } from '../options.js';

const SessionsOptionsSchema = z.object({ json: z.boolean().default(false) });

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
  mcpscope: string;
}

async function rowOf(ui: LiveUi, s: SessionInfo): Promise<Row> {
  const frames = await new SessionClient(ui.api, s.id, 'cli: sessions').frameCount().catch(() => undefined);
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
    mcpscope: ui.entry.url,
  };
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
  const cells = rows.map((r) => [clip(r.label, 40), clip(r.server && r.server !== r.label ? r.server : '-', 40), r.id, r.offline ? 'offline' : r.wrapped ? `${r.state} (wrap)` : r.replayOf ? `${r.state} (replay)` : r.state, r.era ?? '-', r.transport, r.frames === undefined ? '?' : String(r.frames), time(r.startedAt), clip(r.target, 60)]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  return [head, ...cells].map((line) => line.map((c, i) => (i === line.length - 1 ? c : pad(c, widths[i]!))).join('  ')).join('\n') + '\n';
}

/**
 * `mcpscope sessions [--json]`: every session of every running mcpscope (live, closed, failed,
 * wrapped, opened from a trace), with a single-use link to each UI. Exit 0, or 2 when no
 * mcpscope runs.
 */
export async function runSessions(rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(SessionsOptionsSchema, rawOptions);
  const uis = await requireUis(io.env as NodeJS.ProcessEnv);
  const mcpscopes = [];
  const rows: Row[] = [];
  for (const ui of uis) {
    const link = await mintLink(ui.api);
    mcpscopes.push({ url: ui.entry.url, pid: ui.entry.pid, background: ui.entry.background === true, ...(link ? { link } : {}) });
    for (const s of ui.sessions) rows.push(await rowOf(ui, s));
  }
  if (opts.json) {
    io.stdout(JSON.stringify({ mcpscopes, sessions: rows }, null, 2) + '\n');
    return ExitCode.Ok;
  }
  for (const m of mcpscopes) {
    const own = rows.filter((r) => r.mcpscope === m.url);
    io.stdout(`mcpscope at ${m.url} (pid ${m.pid}${m.background ? ', background: `mcpscope stop` stops it' : ''}): ${own.length} session(s)\n`);
    if (m.link) io.stdout(`  open: ${m.link}\n  (${LINK_NOTE.replace('`mcpscope sessions` prints', 'run this again for')})\n`);
    if (own.length > 0) io.stdout(table(own));
  }
  return ExitCode.Ok;
}
