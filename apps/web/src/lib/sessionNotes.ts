import type { SessionInfo } from '@mcpscope/wire';
import { formatClock } from './format';

/** Something about a session's connection its state does not say, for the status bar and the session list. */
export interface SessionNote {
  kind: 'lost' | 'reinitialized' | 'unreachable' | 'era-fallback';
  /** Short, neutral: what happened. */
  text: string;
  /** The whole story (the server's words are in it, one line, escaped by the engine). */
  title: string;
  tone: 'muted' | 'warn';
}

const clock = (epochMs: number): string => formatClock(epochMs).slice(0, 8);

/**
 * What a session's state alone does not tell: it was lost (closed by the server going away, not
 * by you), the server forgot it and mcpscope started a new one, the server is not answering
 * right now, or the era came from a fallback after the server/discover probe.
 */
export function sessionNotes(s: SessionInfo | undefined): SessionNote[] {
  if (!s) return [];
  const notes: SessionNote[] = [];
  if (s.state === 'closed' && s.error) notes.push({ kind: 'lost', text: 'connection lost', title: s.error.message, tone: 'warn' });
  if (s.unreachable && s.state === 'connecting') {
    notes.push({
      kind: 'unreachable',
      text: 'server not answering, retrying',
      title: `since ${clock(s.unreachable.since)}: ${s.unreachable.reason}`,
      tone: 'warn',
    });
  }
  if (s.reinitialized && s.state !== 'closed') {
    const times = s.reinitialized.count > 1 ? ` (${s.reinitialized.count}×)` : '';
    notes.push({
      kind: 'reinitialized',
      text: `session expired, re-initialized${times}`,
      title: `at ${clock(s.reinitialized.at)}: ${s.reinitialized.reason}`,
      tone: 'muted',
    });
  }
  if (s.eraFallback) notes.push({ kind: 'era-fallback', text: s.eraFallback.reason, title: s.eraFallback.reason, tone: 'muted' });
  return notes;
}
