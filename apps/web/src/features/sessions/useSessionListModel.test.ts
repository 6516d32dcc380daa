// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { groupSessions, isRemovable } from './sessionGroups';
import { fallbackSession, useSessionListModel } from './useSessionListModel';

afterEach(cleanup);

const everything = { name: 'mcp-servers/everything', version: '2.0.0' };
const s = (id: string, patch: Partial<SessionInfo> = {}): SessionInfo => ({
  id,
  name: 'index.js',
  state: 'connected',
  transport: 'stdio',
  target: '',
  createdAt: Number(id.slice(1)) || 0,
  wrapped: false,
  ...patch,
});

describe('fallbackSession', () => {
  it('keeps a live choice and otherwise picks the newest session', () => {
    expect(fallbackSession([s('a'), s('b')], 'a')).toBe('a');
    expect(fallbackSession([s('a'), s('b')], 'gone', new Set(['gone']))).toBe('b');
    expect(fallbackSession([s('a'), s('b')], 'not-yet-arrived', new Set(['a', 'b']))).toBe('not-yet-arrived');
    expect(fallbackSession([s('a'), s('b')], null)).toBe('b');
    expect(fallbackSession([], 'a', new Set(['a']))).toBeNull();
    // The newest live one first: a failed connect or a replay opened later does not take over.
    expect(fallbackSession([s('a'), s('b', { state: 'failed' }), s('c', { state: 'closed', replayOf: 't' })], null)).toBe('a');
    expect(fallbackSession([s('a', { state: 'closed' }), s('b', { state: 'failed' })], null)).toBe('b');
  });
});

describe('groupSessions', () => {
  it('puts live sessions on top, then ended, replays and offline traces, newest first, with counts', () => {
    const groups = groupSessions([
      s('s1', { state: 'failed' }),
      s('s2'),
      s('s3', { state: 'closed', offline: true }),
      s('s4', { state: 'connecting' }),
      s('s5', { state: 'closed', replayOf: 't1' }),
      s('s6', { state: 'closed' }),
    ]);
    expect(groups.map((g) => [g.id, g.sessions.map((x) => x.id)])).toEqual([
      ['live', ['s4', 's2']],
      ['ended', ['s6', 's1']],
      ['replayed', ['s5']],
      ['offline', ['s3']],
    ]);
    expect(groups[0]!.clear).toBeUndefined();
    expect(groups[1]!.clear).toEqual({
      label: 'Clear ended',
      title: 'Remove these 2 sessions from the list (their traces stay in Traces)',
    });
    expect(groups[3]!.clear!.title).toContain('the trace files stay');
    expect(groupSessions([])).toEqual([]);
  });

  it('lets only sessions outside the live group be removed', () => {
    expect(isRemovable(s('s1'))).toBe(false);
    expect(isRemovable(s('s1', { state: 'failed' }))).toBe(true);
    expect(isRemovable(s('s1', { replayOf: 't' }))).toBe(true);
  });
});

function setup(api: Parameters<typeof testServices>[0] = {}, sessions: SessionInfo[] = []) {
  const services = testServices(api);
  services.store.enqueue({ type: 'hello', wireVersion: 1, sessions });
  services.store.enqueue({ type: 'ready' });
  activeSessionStore.set(null);
  const hook = renderHook(() => useSessionListModel(), { wrapper: services.wrapper });
  return { ...services, result: hook.result };
}

describe('useSessionListModel', () => {
  it('labels colliding sessions apart and selects the newest', () => {
    const { result } = setup({}, [
      s('s1', { serverInfo: everything }),
      s('s2', { serverInfo: everything }),
      s('s3', { name: 'dev', named: true, serverInfo: everything }),
    ]);
    expect(result.current.labelOf('s1')).toMatchObject({ headline: 'mcp-servers/everything v2.0.0', tag: '#1' });
    expect(result.current.labelOf('s2').tag).toBe('#2');
    expect(result.current.labelOf('s3')).toMatchObject({ headline: 'dev v2.0.0', source: 'user' });
    expect(result.current.groups.map((g) => g.id)).toEqual(['live']);
    expect(activeSessionStore.getSnapshot()).toBe('s3');
  });

  it('renames: a new name is sent, the unchanged automatic label is not, empty restores', async () => {
    const renameSession = vi.fn(async (id: string, name: string | null) =>
      s(id, name === null ? { serverInfo: everything } : { name, named: true, serverInfo: everything }),
    );
    const { result, store } = setup({ renameSession }, [s('s1', { serverInfo: everything })]);
    act(() => result.current.startRename('s1'));
    expect(result.current.editingId).toBe('s1');
    act(() => result.current.commitRename('s1', 'mcp-servers/everything'));
    expect(result.current.editingId).toBeNull();
    expect(renameSession).not.toHaveBeenCalled();
    act(() => result.current.commitRename('s1', '  staging  '));
    await waitFor(() => expect(store.getSnapshot().sessions[0]).toMatchObject({ name: 'staging', named: true }));
    expect(renameSession).toHaveBeenLastCalledWith('s1', 'staging');
    expect(result.current.labelOf('s1').headline).toBe('staging v2.0.0');
    act(() => result.current.commitRename('s1', ''));
    await waitFor(() => expect(renameSession).toHaveBeenLastCalledWith('s1', null));
    await waitFor(() => expect(result.current.labelOf('s1').source).toBe('server'));
    act(() => result.current.commitRename('s1', '   '));
    expect(renameSession).toHaveBeenCalledTimes(2); // nothing to restore
  });

  it('cancels a rename without a request', () => {
    const renameSession = vi.fn();
    const { result } = setup({ renameSession }, [s('s1')]);
    act(() => result.current.startRename('s1'));
    act(() => result.current.cancelRename());
    expect(result.current.editingId).toBeNull();
    expect(renameSession).not.toHaveBeenCalled();
  });

  it('clears a group: forgets each session and drops it from the list, even if one fails', async () => {
    const forgetSession = vi.fn(async (id: string) => {
      if (id === 's3') throw new Error('gone already');
    });
    const { result, store } = setup({ forgetSession }, [
      s('s1', { state: 'failed' }),
      s('s2', { state: 'closed' }),
      s('s3', { state: 'closed' }),
      s('s4'),
    ]);
    const ended = result.current.groups.find((g) => g.id === 'ended')!;
    act(() => result.current.clearGroup(ended.sessions.map((x) => x.id)));
    await waitFor(() => expect(result.current.error?.message).toBe('gone already'));
    expect(forgetSession.mock.calls.map((c) => c[0]).sort()).toEqual(['s1', 's2', 's3']);
    expect(store.getSnapshot().sessions.map((x) => x.id)).toEqual(['s3', 's4']);
  });

  it('closes a live session and removes one', async () => {
    const closeSession = vi.fn(async () => undefined);
    const forgetSession = vi.fn(async () => undefined);
    const { result, store } = setup({ closeSession, forgetSession }, [s('s1'), s('s2', { state: 'failed' })]);
    act(() => result.current.close('s1'));
    act(() => result.current.forget('s2'));
    await waitFor(() => expect(store.getSnapshot().sessions.map((x) => x.id)).toEqual(['s1']));
    expect(closeSession).toHaveBeenCalledWith('s1');
  });
});
