import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WIRE_VERSION } from '@mcpscope/wire';
import { fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { Inbox, type WsMsg } from '../../test-fixtures/inbox.js';
import type { BuildAppOptions } from '../app.js';
import { WS_CLOSE } from './hub.js';

let h: Harness;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await h.close();
});

async function setup(overrides: Partial<BuildAppOptions> = {}): Promise<void> {
  h = await makeApp(overrides);
}

async function openTab(): Promise<{ ws: WebSocket; inbox: Inbox }> {
  let inbox!: Inbox;
  const ws = await h.app.injectWS(
    `/ws?token=${TOKEN}`,
    { headers: { host: HOST, origin: `http://${HOST}` } },
    {
      onInit: (socket: WebSocket) => {
        inbox = new Inbox(socket);
      },
    },
  );
  sockets.push(ws);
  return { ws, inbox };
}

const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const openSession = async (): Promise<string> => (await api('POST', '/sessions', { config: fixtureConfig() })).json().session.id;
const callTool = (id: string, name: string, args: object = {}) =>
  api('POST', `/sessions/${id}/messages`, { message: { method: 'tools/call', params: { name, arguments: args } } });
const isEcho = (text: string) => (m: WsMsg) =>
  m.type === 'frame' && JSON.stringify((m.msg as { result?: unknown } | undefined)?.result ?? '').includes(text);

describe('/ws hub', () => {
  it('sends hello, the backlog in order, ready, then live messages', async () => {
    await setup();
    const id = await openSession();
    const { inbox } = await openTab();
    await inbox.until(() => inbox.find('ready'), 'ready');

    const [hello] = inbox.messages;
    expect(hello).toMatchObject({
      type: 'hello',
      wireVersion: WIRE_VERSION,
      sessions: [expect.objectContaining({ id, state: 'connected' })],
    });
    const readyAt = inbox.messages.findIndex((m) => m.type === 'ready');
    const backlog = inbox.messages.slice(1, readyAt);
    expect(backlog).toEqual(JSON.parse(JSON.stringify(h.engine.backlog())));
    const lastSeq = Math.max(...backlog.map((m) => Number(m.seq ?? 0)));

    await callTool(id, 'echo', { text: 'live-one' });
    const live = await inbox.until(() => inbox.messages.find(isEcho('live-one')), 'live frame');
    expect(inbox.messages.indexOf(live)).toBeGreaterThan(readyAt);
    expect(live.seq).toBeGreaterThan(lastSeq);
    const seqs = inbox.messages.filter((m) => m.sessionId === id && typeof m.seq === 'number').map((m) => m.seq as number);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('serves several tabs; a closing tab never closes a session', async () => {
    await setup();
    const id = await openSession();
    const a = await openTab();
    const b = await openTab();
    await a.inbox.until(() => a.inbox.find('ready'), 'ready a');
    a.ws.close();
    await a.inbox.waitClose();
    await callTool(id, 'echo', { text: 'after-a-left' });
    await b.inbox.until(() => b.inbox.messages.find(isEcho('after-a-left')), 'live frame on b');
    expect(h.engine.get(id)?.info().state).toBe('connected');
  });

  it('tells tabs about new, closed and removed sessions', async () => {
    await setup();
    const { inbox } = await openTab();
    await inbox.until(() => inbox.find('ready'), 'ready');
    const id = await openSession();
    await inbox.until(() => inbox.find('session', (m) => (m.session as { id: string; state: string }).state === 'connected'), 'connected');
    await api('DELETE', `/sessions/${id}?forget=1`);
    await inbox.until(() => inbox.find('session-removed', (m) => m.sessionId === id), 'session-removed');
  });

  it('keeps a tab that pings, closes one that sends anything else', async () => {
    await setup();
    const { ws, inbox } = await openTab();
    ws.send(JSON.stringify({ type: 'ping' }));
    await inbox.until(() => inbox.find('ready'), 'ready');
    ws.send('not json');
    expect((await inbox.waitClose()).code).toBe(WS_CLOSE.POLICY);

    const other = await openTab();
    other.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await other.inbox.waitClose()).code).toBe(WS_CLOSE.UNSUPPORTED_DATA);

    const third = await openTab();
    third.ws.send(JSON.stringify({ type: 'subscribe', sessions: '*' }));
    expect((await third.inbox.waitClose()).code).toBe(WS_CLOSE.POLICY);
  });

  it('streams a flood to every tab in batches, in order, nothing missed or repeated', async () => {
    await setup();
    const id = await openSession();
    const tabs = [await openTab(), await openTab()];
    for (const { inbox } of tabs) await inbox.until(() => inbox.find('ready'), 'ready');
    const received = tabs.map(({ inbox }) => inbox.received);
    const COUNT = 3000;
    await callTool(id, 'flood', { count: COUNT, size: 200 });
    const floodFrames = (inbox: Inbox) =>
      inbox.messages.filter((m) => m.type === 'frame' && (m.msg as { method?: string } | undefined)?.method === 'notifications/message');
    for (const [i, { inbox }] of tabs.entries()) {
      await inbox.until(
        () => floodFrames(inbox).length >= COUNT && inbox.messages.find(isEcho(String(COUNT))),
        'the whole flood and its answer',
      );
      const data = floodFrames(inbox).map((m) => String((m.msg as { params: { data: string } }).params.data).split(' ')[1]);
      expect(data).toEqual(Array.from({ length: COUNT }, (_, n) => String(n)));
      const seqs = inbox.messages.filter((m) => m.sessionId === id && typeof m.seq === 'number').map((m) => m.seq as number);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      // ~3,000 frames of ~300 bytes in 64 KiB batches: a few dozen WebSocket messages, not thousands.
      expect(inbox.received - received[i]!).toBeLessThan(COUNT / 10);
    }
  });

  it('delivers a backlog far larger than the limits to a tab that keeps up', async () => {
    await setup({ ws: { highWaterBytes: 8 * 1024, maxQueuedBytes: 32 * 1024 } });
    const id = await openSession();
    for (let i = 0; i < 4; i++) await callTool(id, 'big', { size: 100_000 });
    const { inbox } = await openTab();
    await inbox.until(() => inbox.find('ready'), 'ready');
    const bigFrames = inbox.messages.filter((m) => m.type === 'frame' && Number(m.size) > 100_000);
    expect(bigFrames).toHaveLength(4);
    expect(inbox.closed).toBeUndefined();
  });

  it('a tab that stops reading gets a gap marker and then the newest events; the session and the other tab are not held up', async () => {
    await setup({ ws: { highWaterBytes: 8 * 1024, maxQueuedBytes: 256 * 1024 } });
    // Declares logging, so its notifications carry no finding (a frame with findings is never skipped).
    const id = (await api('POST', '/sessions', { config: fixtureConfig('logging') })).json().session.id as string;
    const stalled = await openTab();
    const healthy = await openTab();
    for (const { inbox } of [stalled, healthy]) await inbox.until(() => inbox.find('ready'), 'ready');
    const transport = (stalled.ws as unknown as { _socket: NodeJS.ReadableStream })._socket;
    const [serverSide] = h.app.websocketServer.clients;
    transport.pause();
    // 6,000 notifications of ~300 bytes: far more than the stalled tab may have waiting.
    const COUNT = 6000;
    await callTool(id, 'flood', { count: COUNT, size: 300 });
    const events = (inbox: Inbox) =>
      inbox.messages.filter((m) => m.sessionId === id && typeof m.seq === 'number' && m.type !== 'session-page-info');
    const lastSeq = await healthy.inbox.until(() => {
      const answer = healthy.inbox.messages.find(isEcho(String(COUNT)));
      return answer && (answer.seq as number);
    }, 'the flood and its answer in the healthy tab');
    expect(healthy.inbox.find('gap')).toBeUndefined();
    expect(serverSide.readyState).toBe(serverSide.OPEN); // not closed: it skips instead
    transport.resume();
    await stalled.inbox.until(() => events(stalled.inbox).some((m) => m.seq === lastSeq), 'the newest answer in the stalled tab');
    const gaps = stalled.inbox.messages.filter((m) => m.type === 'gap');
    expect(gaps.length).toBeGreaterThan(0);
    // Each event the healthy tab got is, in the stalled tab, received or inside a gap that counts it.
    const all = events(healthy.inbox);
    const got = new Set(events(stalled.inbox).map((m) => m.seq));
    for (const gap of gaps) {
      const inside = all.filter(
        (m) => (m.seq as number) >= (gap.fromSeq as number) && (m.seq as number) <= (gap.toSeq as number) && !got.has(m.seq),
      );
      const frames = inside.filter((m) => m.type === 'frame');
      const notes = frames.filter((m) => (m.msg as { id?: unknown } | undefined)?.id === undefined);
      expect(gap).toMatchObject({
        sessionId: id,
        events: inside.length,
        frames: frames.length,
        notifications: notes.length,
        logs: notes.length,
      });
    }
    const covered = (seq: number) => got.has(seq) || gaps.some((g) => seq >= (g.fromSeq as number) && seq <= (g.toSeq as number));
    expect(all.filter((m) => !covered(m.seq as number))).toEqual([]);
    const seqs = stalled.inbox.messages
      .filter((m) => m.sessionId === id && (m.type === 'gap' || m.type === 'frame'))
      .map((m) => (m.type === 'gap' ? m.fromSeq : m.seq) as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(stalled.inbox.closed).toBeUndefined();
    expect(h.engine.get(id)?.info().state).toBe('connected');
  });
});
