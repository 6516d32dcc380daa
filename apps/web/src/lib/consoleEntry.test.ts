import type { LifecycleEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { lifecycleEntry } from './consoleEntry';

const at = { type: 'lifecycle' as const, seq: 3, t: 10, sessionId: 's1' };

describe('lifecycleEntry', () => {
  it('a step mcpscope took on its own says so, like a frame origin', () => {
    const ev: LifecycleEvent = {
      ...at,
      phase: 'state',
      state: 'new-session',
      origin: { by: 'mcpscope', reason: 'new session: the server forgot the old one (HTTP 404)' },
      message: 'session expired: POST … answered HTTP 404',
    };
    expect(lifecycleEntry(ev).text).toBe(
      'state → new-session — auto · new session: the server forgot the old one (HTTP 404) — session expired: POST … answered HTTP 404',
    );
  });

  it('an origin of the wrong shape (a crafted trace) is left out', () => {
    const ev = { ...at, phase: 'state', message: 'x', origin: { by: 'root', reason: 'y' } } as unknown as LifecycleEvent;
    expect(lifecycleEntry(ev).text).toBe('x');
  });
});
