import type { SessionInfo } from '@mcpscope/wire';
import { isLive, sessionKind, type SessionKind } from '../../lib/sessionLabel';

export type SessionGroupId = SessionKind;
export { isLive };

export interface SessionGroup {
  id: SessionGroupId;
  title: string;
  /** What the group holds, for its heading's tooltip. */
  description: string;
  /** Newest first. */
  sessions: SessionInfo[];
  /** The heading's button that removes the whole group, or none (live sessions are closed one by one). */
  clear?: { label: string; title: string };
}

const GROUPS: ReadonlyArray<Omit<SessionGroup, 'sessions' | 'clear'> & { clear?: string }> = [
  { id: 'live', title: 'Live', description: 'Connected or connecting: Close stops the server' },
  { id: 'ended', title: 'Ended', description: 'Closed or failed to connect', clear: 'Clear ended' },
  { id: 'replayed', title: 'Replays', description: 'Started by Traces → Replay', clear: 'Clear replays' },
  { id: 'offline', title: 'Offline traces', description: 'Opened from a trace file: read-only', clear: 'Clear offline' },
];

/** Live ones on top; then ended or failed ones, replays and offline traces, each apart. */
export const groupOf: (s: SessionInfo) => SessionGroupId = sessionKind;

/** Everything outside the live group can be removed from the list (the existing Forget). */
export const isRemovable = (s: SessionInfo): boolean => groupOf(s) !== 'live';

/** The non-empty groups in order, each newest first (sessions arrive oldest first). */
export function groupSessions(sessions: readonly SessionInfo[]): SessionGroup[] {
  const newestFirst = sessions
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.createdAt - a.s.createdAt || b.i - a.i)
    .map((x) => x.s);
  return GROUPS.flatMap(({ clear, ...g }) => {
    const members = newestFirst.filter((s) => groupOf(s) === g.id);
    if (members.length === 0) return [];
    const n = members.length;
    const what = g.id === 'offline' ? 'the trace files stay in Traces' : 'their traces stay in Traces';
    return [
      {
        ...g,
        sessions: members,
        ...(clear
          ? { clear: { label: clear, title: `Remove ${n === 1 ? 'this session' : `these ${n} sessions`} from the list (${what})` } }
          : {}),
      },
    ];
  });
}
