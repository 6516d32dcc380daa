import { describe, expect, it } from 'vitest';
import { composerPrefillStore, draftText, editInComposer, withNewProgressToken, withoutId } from './composerPrefill';
import { activeSessionStore, activeTabStore } from './uiState';

describe('composerPrefill', () => {
  it('leaves out the id and keeps every other member as it was', () => {
    expect(withoutId({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'x' }, extra: [1] })).toEqual({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'x' },
      extra: [1],
    });
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
    expect(composerPrefillStore.getSnapshot()).toMatchObject({
      sessionId: 'live',
      text: '{\n  "method": "ping"\n}',
      notification: false,
      source: 'trace frame #3',
    });
    expect(activeSessionStore.getSnapshot()).toBe('live');
    expect(activeTabStore.getSnapshot()).toBe('composer');
  });

  it('gives an edited request a new progressToken (the old one may still be active), and nothing else changes', () => {
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'slow', arguments: { n: 1 }, _meta: { progressToken: 3, other: 'kept' } },
    };
    const draft = JSON.parse(draftText(call));
    expect(draft.params._meta.other).toBe('kept');
    expect(draft.params._meta.progressToken).toMatch(/^edit-[0-9a-f]{12}$/);
    expect(draft.params.arguments).toEqual({ n: 1 });
    expect(draft.id).toBeUndefined();
    expect(call.params._meta.progressToken).toBe(3);
    expect(withNewProgressToken({ method: 'ping' })).toEqual({ method: 'ping' });
    expect(withNewProgressToken({ method: 'x', params: { _meta: { a: 1 } } })).toEqual({ method: 'x', params: { _meta: { a: 1 } } });
    const hostile = JSON.parse('{"method":"m","params":{"__proto__":{"x":1},"_meta":{"progressToken":"t"}}}');
    const fresh = withNewProgressToken(hostile, () => 'new') as { params: Record<string, unknown> };
    expect((fresh.params._meta as { progressToken: string }).progressToken).toBe('new');
    expect(Object.getPrototypeOf(fresh.params)).toBe(Object.prototype);
  });
});
