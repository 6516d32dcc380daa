// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import type { SessionInfo, TaskInfo, WsServerMessage } from '@mcpscope/wire';
import { historyStore, addHistory } from '../features/composer/composerHistory';
import { findingsIndexFor } from '../features/findings/findingsIndex';
import { pinStore, togglePin } from '../features/frames/pinnedFrames';
import { indexFor } from '../features/notifications/notificationIndex';
import { getHistory } from '../features/prompts/getHistory';
import { readHistory } from '../features/resources/readHistory';
import { recordCall, toolHistorySlot } from '../features/tools/toolHistory';
import { composerPrefillStore } from '../lib/composerPrefill';
import { EventStore } from '../lib/eventStore';
import { navigationStore } from '../lib/navigation';
import { pingLogSlot, sendPing } from '../lib/pingLog';
import type { SessionState } from '../lib/sessionState';
import { serverRequestSheetStore, showServerRequest } from '../lib/serverRequestSheet';
import { syntheticFrames, rawFrame } from '../lib/testFrames';
import { frameFilterRequestStore, frameFocusStore } from '../lib/uiState';
import { createQueryClient } from './bootstrap';
import { forgetRemovedSessions } from './sessionCleanup';

const info = (id: string, createdAt: number): SessionInfo => ({
  id,
  name: id,
  state: 'connected',
  transport: 'stdio',
  target: 'node x',
  createdAt,
  wrapped: false,
});
const task = (sessionId: string, taskId: string): TaskInfo => ({
  sessionId,
  taskId,
  generation: 'v1',
  source: 'call',
  status: 'working',
  polling: true,
  polls: 0,
  firstSeenAt: 1,
  updatedAt: 1,
  callId: `call-${taskId}`,
});

/** A store wired as the app wires it (bootstrap.ts): pagers over a frames source, the query cache forgotten with sessions. */
function app() {
  const disk = new Map<string, FrameEvent[]>();
  const store = new EventStore((fn) => fn(), undefined, {
    fetchFrames: async (id, index, limit) => ({ frames: (disk.get(id) ?? []).slice(index, index + limit) }),
  });
  const queryClient = createQueryClient();
  forgetRemovedSessions(store, queryClient);
  return { store, queryClient, disk };
}

/** Everything a session can hold, from the socket and from the user's actions in every tab. */
async function traffic({ store, queryClient, disk }: ReturnType<typeof app>, id: string, createdAt: number): Promise<SessionState> {
  const frames = syntheticFrames(40, id);
  disk.set(id, frames);
  const messages: WsServerMessage[] = [
    { type: 'session', session: info(id, createdAt) },
    { type: 'session-page-info', sessionId: id, firstSeq: 1, lastSeq: 41, total: 41, firstFrame: 0, frames: 41 },
    ...frames,
    rawFrame(41, 'stray stdout', id),
    { type: 'stderr', sessionId: id, seq: 42, t: 42, text: 'warming up' },
    { type: 'task', sessionId: id, task: task(id, 't1') },
    { type: 'request-progress', sessionId: id, callId: 'c1', progress: 1, total: 2 },
    { type: 'server-request', request: { sessionId: id, requestId: 'n:1', method: 'roots/list', params: {}, receivedAt: createdAt } },
  ];
  for (const m of messages) store.enqueue(m);
  store.flush();
  const state = store.session(id)!;
  state.pager.get(0);
  await expect.poll(() => state.pager.pageCount).toBe(1);
  indexFor(state.log).sync(state.log.frames);
  findingsIndexFor(state.log);
  recordCall(store, { id: 'call-1', sessionId: id, tool: 'echo', argsText: '{}', outcome: 'result', summary: 'ok', at: 1 });
  readHistory.record(store, id, { id: readHistory.nextId(), uri: 'demo://r/1', at: 1, outcome: 'ok', summary: '1 content' });
  getHistory.record(store, id, { id: getHistory.nextId(), name: 'greeting', args: {}, at: 1, outcome: 'ok', summary: '1 message' });
  await sendPing(
    {
      wb: { request: async () => ({ callId: 'p', outcome: 'result', result: {}, latencyMs: 1 }) },
      api: { sendMessage: async () => ({}) },
      store,
    },
    id,
    'client: ping',
  );
  togglePin(id, { seq: 1, index: 0, dir: 'out', kind: 'request', method: 'tools/call', t: 1 });
  addHistory(id, { at: 1, method: 'ping', text: '{"method":"ping"}', notification: false, outcome: 'ok' });
  queryClient.setQueryData([id, 'tools/list'], { pages: [] });
  queryClient.setQueryData([id, 'mcpscope:oauth-status', 0, 'connected'], { enabled: false });
  return state;
}

function holdsNothingFor(ctx: ReturnType<typeof app>, id: string, state: SessionState): void {
  const { store, queryClient } = ctx;
  expect(store.session(id)).toBeUndefined();
  expect(store.sessionIds()).not.toContain(id);
  expect(store.getSnapshot().sessions.some((s) => s.id === id)).toBe(false);
  expect(store.getSnapshot().pending.some((r) => r.sessionId === id)).toBe(false);
  // The state itself let go of everything (a view still holding it keeps nothing alive).
  expect(state.disposed).toBe(true);
  expect([state.slotCount, state.pending.size, state.tasks.size, state.progress.size, state.pager.pageCount]).toEqual([0, 0, 0, 0, 0]);
  expect(state.log.pager).toBeUndefined();
  // What lives outside the store.
  expect(queryClient.getQueryCache().findAll({ queryKey: [id] })).toEqual([]);
  expect(pinStore.getSnapshot().has(id)).toBe(false);
  expect(historyStore.getSnapshot().has(id)).toBe(false);
  expect(localStorage.getItem('mcpscope.frames.pins.v1') ?? '').not.toContain(`"${id}"`);
  expect(localStorage.getItem('mcpscope.composer.history.v2') ?? '').not.toContain(`"${id}"`);
  for (const request of [frameFocusStore, frameFilterRequestStore, composerPrefillStore, navigationStore])
    expect(request.getSnapshot()?.sessionId).not.toBe(id);
  expect(serverRequestSheetStore.getSnapshot().selectedKey ?? '').not.toContain(id);
}

describe('one SessionState per session', () => {
  it('creates sessions with traffic in a loop and removes them three ways: nothing is left of them, the live one is untouched', async () => {
    const ctx = app();
    const { store, queryClient } = ctx;
    const live = await traffic(ctx, 'live', 0);
    const before = {
      frames: live.log.frames.length,
      version: live.log.version,
      tasks: live.tasks.list(),
      pending: [...live.pending.values()],
      progress: live.progress.get('c1'),
      slots: live.slotCount,
      tools: live.get(toolHistorySlot),
      pings: live.get(pingLogSlot),
      pins: pinStore.getSnapshot().get('live'),
      history: historyStore.getSnapshot().get('live'),
      pages: live.pager.pageCount,
    };
    const ways = ['socket', 'user', 'hello'] as const;
    for (let i = 1; i <= 30; i++) {
      const id = `gone-${i}`;
      const state = await traffic(ctx, id, i);
      frameFocusStore.set({ sessionId: id, seq: 1 });
      frameFilterRequestStore.set({ sessionId: id, text: 'x' });
      composerPrefillStore.set({ sessionId: id, text: '{}', notification: false, source: 'test', n: i });
      navigationStore.set({ tab: 'tools', sessionId: id, n: i });
      showServerRequest({ sessionId: id, requestId: 'n:1' });
      const way = ways[i % ways.length];
      if (way === 'socket') store.enqueue({ type: 'session-removed', sessionId: id });
      else if (way === 'user') store.removeSession(id);
      else store.enqueue({ type: 'hello', wireVersion: 1, sessions: [live.info!] });
      store.flush();
      holdsNothingFor(ctx, id, state);
    }
    // The live session kept everything it had (a reconnect's hello re-lists it; its pending requests come back with the backlog).
    expect(store.sessionIds()).toEqual(['live']);
    expect(store.session('live')).toBe(live);
    expect(live.log.frames.length).toBe(before.frames);
    expect(live.log.version).toBe(before.version);
    expect(live.tasks.list()).toBe(before.tasks);
    expect(live.progress.get('c1')).toBe(before.progress);
    expect(live.slotCount).toBe(before.slots);
    expect(live.get(toolHistorySlot)).toBe(before.tools);
    expect(live.get(pingLogSlot)).toBe(before.pings);
    expect(live.pager.pageCount).toBe(before.pages);
    expect(pinStore.getSnapshot().get('live')).toBe(before.pins);
    expect(historyStore.getSnapshot().get('live')).toBe(before.history);
    expect(queryClient.getQueryData(['live', 'tools/list'])).toEqual({ pages: [] });
    expect(before.pending).toHaveLength(1);
  });

  it('never recreates a removed session from a late action (a call or ping that finishes after the remove)', async () => {
    const ctx = app();
    const state = await traffic(ctx, 's1', 1);
    ctx.store.removeSession('s1');
    recordCall(ctx.store, { id: 'late', sessionId: 's1', tool: 'echo', argsText: '{}', outcome: 'result', summary: 'ok', at: 2 });
    ctx.store.reportTask(task('s1', 'late'));
    ctx.store.mergeTasks('s1', [task('s1', 'late2')]);
    ctx.store.answeredServerRequest('s1', 'n:1');
    ctx.store.forgetProgress('s1', 'c1');
    ctx.store.replaceLog('s1', []);
    expect(ctx.store.startLoad('s1', 'offline-pages')).toBe(false);
    holdsNothingFor(ctx, 's1', state);
  });
});
