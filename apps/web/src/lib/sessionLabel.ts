import { cleanLabelText, displayNameOf, displayNameText, type DisplayName, type SessionInfo } from '@mcpscope/wire';
import { formatDateTime, formatRelative, formatTime } from './format';

/**
 * How a session is named wherever the web shows one (the session list, Compare's pickers,
 * banners): the user's name, else the server's own serverInfo (title or name, and version), else
 * the name derived from its command or URL (wire displayNameOf, which cleans what the server
 * sent); then the transport, a `#n` when another session reads the same, and the start time.
 * Plain text only: render it as text, never as HTML.
 */
export interface SessionLabel {
  name: string;
  /** The server's "v2.0.0", once the handshake told it. */
  version?: string;
  source: DisplayName['source'];
  /** Name and version: "Everything v2.0.0". */
  headline: string;
  /** "#3" (the session's ordinal) when another session has the same headline. */
  tag?: string;
  transport: SessionInfo['transport'];
  /** The start time, 24 h: "14:02:11". */
  started: string;
  /** "Started 2026-07-01 14:02:11 (3 min ago)". */
  startedTitle: string;
  /** The headline with its tag, for a sentence or a short menu: "Everything v2.0.0 #3". */
  short: string;
  /** One line for pickers: "Everything v2.0.0 #3 · stdio · 14:02:11". */
  text: string;
  /** A tooltip: the headline, what the server calls itself when renamed, the target and the start. */
  title: string;
}

/** Where a session belongs in lists: live ones apart from ended or failed ones, replays and offline traces. */
export type SessionKind = 'live' | 'ended' | 'replayed' | 'offline';

export const isLive = (s: Pick<SessionInfo, 'state'>): boolean => s.state === 'connected' || s.state === 'connecting';

export function sessionKind(s: Pick<SessionInfo, 'state' | 'offline' | 'replayOf'>): SessionKind {
  if (s.offline) return 'offline';
  if (s.replayOf !== undefined) return 'replayed';
  return isLive(s) ? 'live' : 'ended';
}

/** The session's ordinal as a short, stable tag: `s3` → "#3" (ids are `s<n>`, counted per launch). */
export function ordinalOf(s: Pick<SessionInfo, 'id'>): string {
  const n = /^s(\d{1,9})$/.exec(s.id)?.[1];
  return `#${n ?? cleanLabelText(s.id, 8) ?? '?'}`;
}

const key = (headline: string) => headline.toLocaleLowerCase('en-US');

/** Labels of every session in `sessions`, by id; a tag marks those whose headlines collide. */
export function sessionLabels(sessions: readonly SessionInfo[], now = Date.now()): Map<string, SessionLabel> {
  const names = new Map(sessions.map((s) => [s.id, displayNameOf(s)]));
  const counts = new Map<string, number>();
  for (const d of names.values()) counts.set(key(displayNameText(d)), (counts.get(key(displayNameText(d))) ?? 0) + 1);
  return new Map(
    sessions.map((s) => {
      const d = names.get(s.id)!;
      return [s.id, build(s, d, (counts.get(key(displayNameText(d))) ?? 0) > 1, now)];
    }),
  );
}

/** One session's label, tagged when it collides with one of `all` (which may include it). */
export function sessionLabel(s: SessionInfo, all: readonly SessionInfo[] = [s], now = Date.now()): SessionLabel {
  return sessionLabels(all.some((x) => x.id === s.id) ? all : [...all, s], now).get(s.id)!;
}

/** The name alone ("Everything v2.0.0"), for a sentence: "Could not connect to …". */
export function sessionName(s: SessionInfo): string {
  return displayNameText(displayNameOf(s));
}

function build(s: SessionInfo, d: DisplayName, collides: boolean, now: number): SessionLabel {
  const headline = displayNameText(d);
  const tag = collides ? ordinalOf(s) : undefined;
  const started = formatTime(s.createdAt);
  const startedTitle = `Started ${formatDateTime(s.createdAt)} (${formatRelative(s.createdAt, now)})`;
  const own = d.source === 'user' ? displayNameOf({ name: '', serverInfo: s.serverInfo }) : undefined;
  const title = [
    tag ? `${headline} ${tag}` : headline,
    own?.source === 'server' ? `Server: ${displayNameText(own)}` : undefined,
    d.source === 'derived' && s.state === 'connecting' ? 'Connecting: the server has not said its name yet' : undefined,
    cleanLabelText(s.target, 300),
    startedTitle,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    name: d.name,
    ...(d.version ? { version: d.version } : {}),
    source: d.source,
    headline,
    ...(tag ? { tag } : {}),
    transport: s.transport,
    started,
    startedTitle,
    short: tag ? `${headline} ${tag}` : headline,
    text: [tag ? `${headline} ${tag}` : headline, s.transport, started].join(' · '),
    title,
  };
}

/**
 * A trace's name, the way its session was named (one name per session everywhere): the user's
 * (a rename included), else the server's own, else the one derived from its command.
 */
export function traceName(t: { name: string; named?: boolean; serverInfo?: Record<string, unknown> }): string {
  return displayNameText(displayNameOf({ name: t.name, named: t.named, serverInfo: t.serverInfo }));
}
