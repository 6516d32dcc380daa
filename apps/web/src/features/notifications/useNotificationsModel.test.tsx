// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench, pushNotification } from '../../lib/testWorkbench';
import { notification } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { useLogLevelModel } from './useLogLevelModel';
import { useNotificationsModel } from './useNotificationsModel';

afterEach(cleanup);

function setup(session = connectedSession({ serverCapabilities: { logging: {} } })) {
  const fake = fakeWorkbench({});
  const services = testServices({ call: fake.call });
  services.store.upsertSession(session);
  const hook = renderHook(() => ({ n: useNotificationsModel('s1'), l: useLogLevelModel('s1') }), { wrapper: services.wrapper });
  return { ...hook, ...fake, store: services.store };
}

describe('useNotificationsModel', () => {
  it('lists notifications of both directions and filters by method, direction and text', () => {
    const { result, store } = setup();
    act(() => {
      pushNotification(store, 'notifications/initialized', {}, 'out');
      pushNotification(store, 'notifications/resources/updated', { uri: 'demo://clock' });
      pushNotification(store, 'notifications/message', { level: 'info', data: 'hi' });
    });
    expect(result.current.n.total).toBe(3);
    expect(result.current.n.methods).toEqual(['notifications/initialized', 'notifications/message', 'notifications/resources/updated']);
    act(() => result.current.n.setDir('out'));
    expect(result.current.n.rows.map((f) => f.msg!.method)).toEqual(['notifications/initialized']);
    act(() => result.current.n.clearFilter());
    act(() => result.current.n.setText('CLOCK'));
    expect(result.current.n.rows).toHaveLength(1);
    act(() => result.current.n.setText(''));
    act(() => result.current.n.setMethod('notifications/message'));
    expect(result.current.n.rows).toHaveLength(1);
    // New frames extend the filtered view.
    act(() => void pushNotification(store, 'notifications/message', { level: 'error', data: 'boom' }));
    expect(result.current.n.rows).toHaveLength(2);
  });

  it('shows server log messages from a minimum level, with counts per level', () => {
    const { result, store } = setup();
    act(() => {
      for (const level of ['debug', 'info', 'warning', 'error', 'shouting'])
        pushNotification(store, 'notifications/message', { level, data: `${level} message`, logger: level === 'error' ? 'db' : undefined });
    });
    expect(result.current.n.logTotal).toBe(5);
    expect(result.current.n.levelCounts).toEqual({ debug: 1, info: 1, warning: 1, error: 1, shouting: 1 });
    act(() => result.current.n.setMinLevel('warning'));
    expect(result.current.n.logRows.map((e) => e.rawLevel)).toEqual(['warning', 'error', 'shouting']);
    act(() => result.current.n.setLogger('db'));
    expect(result.current.n.logRows.map((e) => e.rawLevel)).toEqual(['error']);
    expect(result.current.n.loggers).toEqual(['db']);
  });

  it('selects a notification by seq', () => {
    const { result, store } = setup();
    let seq = 0;
    act(() => void (seq = pushNotification(store, 'notifications/tools/list_changed', {}).seq));
    act(() => result.current.n.select(seq));
    expect(result.current.n.selected?.msg?.method).toBe('notifications/tools/list_changed');
  });
});

describe('useLogLevelModel', () => {
  it('sets the level through the proxy and says how it applies in the legacy era', async () => {
    const { result, calls } = setup();
    expect(result.current.l.mechanism).toMatch(/logging\/setLevel/);
    expect(result.current.l.disabledReason).toBeUndefined();
    act(() => void result.current.l.setLevel('warning'));
    await waitFor(() => expect(result.current.l.current).toBe('warning'));
    expect(calls.at(-1)).toMatchObject({ httpMethod: 'PUT', path: '/api/sessions/s1/log-level', body: { level: 'warning' } });
  });

  it('says the level goes into _meta in the modern era, and reads the session’s level', () => {
    const { result } = setup(connectedSession({ era: 'modern', serverCapabilities: { logging: {} }, logLevel: 'error' }));
    expect(result.current.l.mechanism).toMatch(/io\.modelcontextprotocol\/logLevel/);
    expect(result.current.l.current).toBe('error');
  });

  it('is disabled with the reason when the server did not declare logging, unless forced', () => {
    const { result } = setup(connectedSession({ serverCapabilities: { tools: {} } }));
    expect(result.current.l.disabledReason).toBe(
      'The server did not declare logging, so the log level cannot be set and no log messages are expected',
    );
    act(() => result.current.l.force());
    expect(result.current.l.disabledReason).toBeUndefined();
  });
});

describe('useNotificationsBadge', () => {
  it('counts notifications of the active session and flags an error-level log', async () => {
    const { activeSessionStore } = await import('../../lib/uiState');
    const { useNotificationsBadge } = await import('./useNotificationsBadge');
    const services = testServices();
    services.store.upsertSession(connectedSession());
    act(() => activeSessionStore.set('s1'));
    const { result } = renderHook(() => useNotificationsBadge(), { wrapper: services.wrapper });
    expect(result.current).toBeNull();
    act(() => void pushNotification(services.store, 'notifications/message', { level: 'info', data: 'x' }));
    expect(result.current).toBe('1');
    act(() => void pushNotification(services.store, 'notifications/message', { level: 'critical', data: 'x' }));
    expect(result.current).toBe('2 !');
    act(() => activeSessionStore.set(null));
  });
});

describe('notifications that left memory', () => {
  it('says how many older ones are on disk, opens the Frames tab filtered to them, and the badge says so', async () => {
    const { activeSessionStore, activeTabStore, frameFilterRequestStore } = await import('../../lib/uiState');
    const { useNotificationsBadge } = await import('./useNotificationsBadge');
    const services = testServices();
    services.store.upsertSession(connectedSession());
    services.store.setMemoryBudget(256 * 1024);
    act(() => activeSessionStore.set('s1'));
    const { result } = renderHook(() => ({ n: useNotificationsModel('s1'), badge: useNotificationsBadge() }), {
      wrapper: services.wrapper,
    });
    expect(result.current.n.older).toBeNull();
    act(() => {
      for (let seq = 1; seq <= 3000; seq++) services.store.enqueue({ ...notification(seq, 'notifications/message'), size: 1000 });
      services.store.flush();
    });
    const log = services.store.log('s1')!;
    const n = result.current.n;
    expect(log.framesOnDisk).toBeGreaterThan(2000);
    expect(n.total).toBe(log.frames.held); // the list shows what is in memory…
    expect(n.older).toEqual({ count: log.framesOnDisk, unknown: false }); // …and says how many left
    expect(result.current.badge).toEqual({
      text: `${n.total.toLocaleString('en-US')}+`,
      title: expect.stringContaining('+ older on disk'),
    });
    act(() => result.current.n.setView('logs'));
    expect(result.current.n.older).toEqual({ count: log.framesOnDisk, unknown: false });
    act(() => result.current.n.showOlderInFrames());
    expect(frameFilterRequestStore.getSnapshot()).toEqual({ sessionId: 's1', kind: 'notification', method: 'notifications/message' });
    expect(activeTabStore.getSnapshot()).toBe('frames');
    act(() => activeSessionStore.set(null));
  });
});
