import { describe, expect, it } from 'vitest';
import { composerPrefillStore, draftText, editInComposer, withoutId } from './composerPrefill';
import { activeSessionStore, activeTabStore } from './uiState';

describe('composerPrefill', () => {
  it('leaves out the id and keeps every other member as it was', () => {
    expect(withoutId({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'x' }, extra: [1] })).toEqual({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'x' }, extra: [1] });
    // A message from a trace may carry any key: copied as own data, never onto a prototype.
    const hostile = JSON.parse('{"method":"m","__proto__":{"polluted":true}}');
    const copy = withoutId(hostile);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(draftText(hostile))).toEqual(hostile);
  });

  it('opens the Composer of the given session, switching to it', () => {
    activeSessionStore.set('trace');
    activeTabStore.set('frames');
    editInComposer('live', { id: 1, method: 'ping' }, false, 'trace frame #3');
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 'live', text: '{\n  "method": "ping"\n}', notification: false, source: 'trace frame #3' });
    expect(activeSessionStore.getSnapshot()).toBe('live');
    expect(activeTabStore.getSnapshot()).toBe('composer');
  });
});
