import type { SessionInfo } from '@mcpscope/wire';
import { describe, expect, it } from 'vitest';
import { sessionNotes } from './sessionNotes';

const base: SessionInfo = {
  id: 's1',
  name: 'fx',
  state: 'connected',
  transport: 'http',
  target: 'http://127.0.0.1:1/mcp',
  createdAt: 0,
  wrapped: false,
};
const kinds = (s: SessionInfo) => sessionNotes(s).map((n) => [n.kind, n.text]);

describe('sessionNotes: what the state alone does not say', () => {
  it('nothing for a plain session', () => {
    expect(sessionNotes(base)).toEqual([]);
    expect(sessionNotes(undefined)).toEqual([]);
  });

  it('a lost connection (closed by the server going away), with its reason', () => {
    const lost = {
      ...base,
      state: 'closed' as const,
      error: { code: 'ENGINE_CONNECTION_LOST', message: 'the server closed the connection (connection refused at http://127.0.0.1:1/mcp)' },
    };
    expect(sessionNotes(lost)).toEqual([{ kind: 'lost', text: 'connection lost', title: lost.error.message, tone: 'warn' }]);
    // Closed by the user: nothing to explain.
    expect(sessionNotes({ ...base, state: 'closed' })).toEqual([]);
  });

  it('a session the server forgot and mcpscope re-initialized, and an outage', () => {
    const renewed = { ...base, reinitialized: { count: 2, at: 0, reason: 'POST … answered HTTP 404' } };
    expect(kinds(renewed)).toEqual([['reinitialized', 'session expired, re-initialized (2×)']]);
    expect(sessionNotes(renewed)[0]!.title).toContain('answered HTTP 404');
    expect(kinds({ ...base, state: 'connecting', unreachable: { since: 0, reason: 'connection refused at x' } })).toEqual([
      ['unreachable', 'server not answering, retrying'],
    ]);
  });

  it('why the era fell back', () => {
    expect(
      kinds({
        ...base,
        era: 'legacy',
        eraFallback: { reason: 'server/discover answered HTTP 500 → legacy initialize', probeFailed: true },
      }),
    ).toEqual([['era-fallback', 'server/discover answered HTTP 500 → legacy initialize']]);
  });
});
