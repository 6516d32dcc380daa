import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { EventLog } from './event-log.js';

describe('EventLog listeners', () => {
  it('a listener that throws fails only that event: an internal-error finding on it, the other listeners still see it', () => {
    const log = new EventLog('s1');
    const seen: SessionEvent[] = [];
    const stop = log.subscribe(() => {
      throw new Error('disk full');
    });
    log.subscribe((e) => seen.push(e));
    const first = log.frame('in', { jsonrpc: '2.0', method: 'notifications/message', params: {} }, 60);
    expect(seen).toEqual([first]);
    expect(first.findings?.map((f) => f.rule)).toContain('internal-error');
    stop();
    const second = log.frame('in', { jsonrpc: '2.0', method: 'notifications/message', params: {} }, 60);
    expect(seen).toEqual([first, second]);
    expect(second.findings?.map((f) => f.rule) ?? []).not.toContain('internal-error');
  });
});
