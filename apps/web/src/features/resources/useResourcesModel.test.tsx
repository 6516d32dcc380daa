// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench, pushNotification } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { composerPrefillStore } from '../../lib/composerPrefill';
import { navigationStore, resourcesNavigation } from '../../lib/navigation';
import { activeSessionStore } from '../../lib/uiState';
import { useResourcesModel } from './useResourcesModel';

afterEach(cleanup);

const ALL = Array.from({ length: 17 }, (_, i) => ({ uri: `demo://r/${i}`, name: `r${i}`, mimeType: 'text/plain' }));

function setup(caps: Record<string, unknown> = { resources: { subscribe: true, listChanged: true }, completions: {} }) {
  let listed = 0;
  const fake = fakeWorkbench({
    'resources/list': (p) => {
      listed++;
      const start = typeof p.cursor === 'string' ? Number(p.cursor) : 0;
      const end = start + 5;
      return { resources: ALL.slice(start, end), ...(end < ALL.length ? { nextCursor: String(end) } : {}) };
    },
    'resources/templates/list': () => ({ resourceTemplates: [{ uriTemplate: 'demo://items/{id}', name: 'item' }, { nope: true }] }),
    'resources/read': (p) => ({ contents: [{ uri: p.uri, mimeType: 'text/plain', text: `contents of ${String(p.uri)}` }] }),
  });
  const services = testServices({ call: fake.call });
  services.store.upsertSession(connectedSession({ serverCapabilities: caps }));
  const hook = renderHook(() => useResourcesModel('s1'), { wrapper: services.wrapper });
  return { ...hook, ...fake, store: services.store, listedCount: () => listed };
}

describe('useResourcesModel', () => {
  it('pages through resources/list with nextCursor, and lists templates (invalid entries counted)', async () => {
    const { result, requests } = setup();
    await waitFor(() => expect(result.current.resources.items).toHaveLength(5));
    expect(result.current.resources.hasMore).toBe(true);
    act(() => result.current.resources.loadMore());
    await waitFor(() => expect(result.current.resources.items).toHaveLength(10));
    await act(() => result.current.resources.loadAll());
    await waitFor(() => expect(result.current.resources.items).toHaveLength(17));
    expect(result.current.resources.hasMore).toBe(false);
    expect(requests('resources/list')).toEqual([undefined, { cursor: '5' }, { cursor: '10' }, { cursor: '15' }]);
    await waitFor(() => expect(result.current.templates.items.map((t) => t.uriTemplate)).toEqual(['demo://items/{id}']));
    expect(result.current.templates.invalid).toBe(1);
  });

  it('reads the selected resource, and a template expansion on demand', async () => {
    const { result, requests } = setup();
    act(() => result.current.select({ kind: 'resource', uri: 'demo://r/1' }));
    await waitFor(() => expect(result.current.read.data?.result.contents[0].text).toBe('contents of demo://r/1'));
    act(() => result.current.select({ kind: 'template', uriTemplate: 'demo://items/{id}' }));
    expect(result.current.readUri).toBeNull();
    act(() => result.current.readNow('demo://items/3'));
    await waitFor(() => expect(result.current.read.data?.result.contents[0].uri).toBe('demo://items/3'));
    expect(requests('resources/read')).toEqual([{ uri: 'demo://r/1' }, { uri: 'demo://items/3' }]);
  });

  it('subscribes and unsubscribes, and counts updates that make the read stale', async () => {
    const { result, calls, store, requests } = setup();
    act(() => result.current.select({ kind: 'resource', uri: 'demo://clock' }));
    await waitFor(() => expect(result.current.read.data).toBeDefined());
    act(() => result.current.toggleSubscription('demo://clock'));
    await waitFor(() => expect(result.current.isSubscribed('demo://clock')).toBe(true));
    expect(calls.at(-1)).toMatchObject({ httpMethod: 'POST', path: '/api/sessions/s1/subscriptions', body: { uri: 'demo://clock' } });

    act(() => void pushNotification(store, 'notifications/resources/updated', { uri: 'demo://clock' }));
    act(() => void pushNotification(store, 'notifications/resources/updated', { uri: 'demo://clock' }));
    act(() => void pushNotification(store, 'notifications/resources/updated', { uri: 'demo://other' }));
    expect(result.current.updateOf('demo://clock')?.count).toBe(2);
    expect(result.current.staleSince('demo://clock')).toBe(2);

    act(() => result.current.readNow('demo://clock'));
    await waitFor(() => expect(result.current.staleSince('demo://clock')).toBe(0));
    expect(requests('resources/read')).toHaveLength(2);

    act(() => result.current.toggleSubscription('demo://clock'));
    await waitFor(() => expect(result.current.isSubscribed('demo://clock')).toBe(false));
    expect(calls.at(-1)).toMatchObject({ httpMethod: 'DELETE', path: '/api/sessions/s1/subscriptions?uri=demo%3A%2F%2Fclock' });
  });

  it('follows the session’s own subscription list when the proxy reports one', async () => {
    const services = testServices({ call: fakeWorkbench({}).call });
    services.store.upsertSession(connectedSession({ serverCapabilities: {}, subscriptions: ['demo://a'] }));
    const { result } = renderHook(() => useResourcesModel('s1'), { wrapper: services.wrapper });
    expect(result.current.isSubscribed('demo://a')).toBe(true);
  });

  it('refetches the list on notifications/resources/list_changed', async () => {
    const { result, store, listedCount } = setup();
    act(() => void pushNotification(store, 'notifications/initialized', {}, 'out')); // a live session's log is never empty
    await waitFor(() => expect(result.current.resources.items).toHaveLength(5));
    const before = listedCount();
    act(() => void pushNotification(store, 'notifications/resources/list_changed', {}));
    await waitFor(() => expect(listedCount()).toBe(before + 1));
  });

  it('does not list what the server did not declare, says why, and lists on request', async () => {
    const { result, requests } = setup({ tools: {} });
    expect(result.current.feature).toMatchObject({
      available: false,
      reason: 'The server did not declare resources, so listing and reading resources is disabled',
    });
    expect(result.current.subscribeFeature.reason).toMatch(/did not declare resources.subscribe, so subscribing is disabled/);
    expect(requests('resources/list')).toHaveLength(0);
    act(() => result.current.forceList());
    await waitFor(() => expect(requests('resources/list')).toHaveLength(1));
  });

  it('filters the lists by name or URI', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.resources.items).toHaveLength(5));
    act(() => result.current.setSearch('r3'));
    expect(result.current.visibleResources.map((r) => r.uri)).toEqual(['demo://r/3']);
  });
});

describe('useResourcesModel history', () => {
  it('records each read; Re-run reads again, Edit puts the resources/read in the Composer', async () => {
    const { result, requests } = setup();
    act(() => result.current.select({ kind: 'resource', uri: 'demo://r/1' }));
    await waitFor(() => expect(result.current.history).toHaveLength(1));
    expect(result.current.history[0]).toMatchObject({ uri: 'demo://r/1', outcome: 'ok', summary: '1 content (text/plain)' });
    act(() => result.current.readNow('demo://missing'));
    await waitFor(() => expect(result.current.history).toHaveLength(2));
    act(() => result.current.select(null));
    act(() => result.current.rerun(result.current.history[1])); // the read of demo://r/1
    await waitFor(() => expect(result.current.history).toHaveLength(3));
    expect(result.current.selection).toEqual({ kind: 'resource', uri: 'demo://r/1' });
    expect(requests('resources/read')).toEqual([{ uri: 'demo://r/1' }, { uri: 'demo://missing' }, { uri: 'demo://r/1' }]);
    act(() => void result.current.editInComposer(result.current.history[0]));
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 's1', source: 'Resources history' });
    expect(JSON.parse(composerPrefillStore.getSnapshot()!.text)).toEqual({ method: 'resources/read', params: { uri: 'demo://r/1' } });
    act(() => void result.current.clearHistory());
    expect(result.current.history).toEqual([]);
  });

  it('records a failed read with the server’s error', async () => {
    const services = testServices({ call: fakeWorkbench({}).call });
    services.store.upsertSession(connectedSession({ serverCapabilities: { resources: {} } }));
    const { result } = renderHook(() => useResourcesModel('s1'), { wrapper: services.wrapper });
    act(() => result.current.readNow('demo://x'));
    await waitFor(() =>
      expect(result.current.history[0]).toMatchObject({ outcome: 'rpc-error', summary: '-32601 Method not found: resources/read' }),
    );
  });
});

describe('useResourcesModel: Open in Resources', () => {
  afterEach(() => {
    activeSessionStore.set(null);
    navigationStore.set(null);
  });

  it('selects and reads a URI opened from a result, listed or not, with the Resources origin; opening again reads afresh', async () => {
    const origins: unknown[] = [];
    const fake = fakeWorkbench({
      'resources/list': () => ({ resources: [{ uri: 'demo://listed', name: 'listed' }] }),
      'resources/templates/list': () => ({ resourceTemplates: [] }),
      'resources/read': (p) => ({ contents: [{ uri: p.uri, mimeType: 'text/plain', text: `contents of ${String(p.uri)}` }] }),
    });
    const call = ((...args: Parameters<typeof fake.call>) => {
      origins.push((args[4] as { origin?: unknown } | undefined)?.origin);
      return fake.call(...args);
    }) as typeof fake.call;
    const services = testServices({ call });
    services.store.upsertSession(connectedSession({ serverCapabilities: { resources: {} } }));
    act(() => activeSessionStore.set('s1'));
    act(() => resourcesNavigation.openResource('demo://resource/dynamic/text/2')); // before the tab mounts
    const { result } = renderHook(() => useResourcesModel('s1'), { wrapper: services.wrapper });

    await waitFor(() => expect(result.current.read.data?.result.contents[0].text).toBe('contents of demo://resource/dynamic/text/2'));
    expect(result.current.selection).toEqual({ kind: 'resource', uri: 'demo://resource/dynamic/text/2' });
    expect(navigationStore.getSnapshot()).toBeNull(); // consumed: a later mount does not read it again
    await waitFor(() => expect(result.current.isUnlisted('demo://resource/dynamic/text/2')).toBe(true));
    expect(result.current.isUnlisted('demo://listed')).toBe(false);

    act(() => resourcesNavigation.openResource('demo://listed'));
    await waitFor(() => expect(result.current.read.data?.result.contents[0].uri).toBe('demo://listed'));
    act(() => resourcesNavigation.openResource('demo://resource/dynamic/text/2')); // read before: read again
    await waitFor(() => expect(fake.requests('resources/read')).toHaveLength(3));
    expect(fake.requests('resources/read')).toEqual([
      { uri: 'demo://resource/dynamic/text/2' },
      { uri: 'demo://listed' },
      { uri: 'demo://resource/dynamic/text/2' },
    ]);
    const readOrigins = fake.calls
      .map((c, i) => ((c.body as { method?: string } | undefined)?.method === 'resources/read' ? origins[i] : null))
      .filter(Boolean);
    expect(readOrigins).toEqual(['resources: read', 'resources: read', 'resources: read']);
  });

  it('never applies an open meant for another session', async () => {
    const { result, requests } = setup();
    act(() => activeSessionStore.set('other'));
    act(() => resourcesNavigation.openResource('demo://r/1'));
    await waitFor(() => expect(result.current.resources.items.length).toBeGreaterThan(0));
    expect(result.current.selection).toBeNull();
    expect(requests('resources/read')).toHaveLength(0);
  });
});
