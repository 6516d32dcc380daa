import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { fallbackSession } from './useSessionListModel';

const s = (id: string): SessionInfo => ({ id, name: id, state: 'connected', transport: 'stdio', target: '', createdAt: 0, wrapped: false });

describe('fallbackSession', () => {
  it('keeps a live choice and otherwise picks the newest session', () => {
    expect(fallbackSession([s('a'), s('b')], 'a')).toBe('a');
    expect(fallbackSession([s('a'), s('b')], 'gone', new Set(['gone']))).toBe('b');
    expect(fallbackSession([s('a'), s('b')], 'not-yet-arrived', new Set(['a', 'b']))).toBe('not-yet-arrived');
    expect(fallbackSession([s('a'), s('b')], null)).toBe('b');
    expect(fallbackSession([], 'a', new Set(['a']))).toBeNull();
  });
});
