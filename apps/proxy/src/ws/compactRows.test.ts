import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { Inbox, type WsMsg } from '../../test-fixtures/inbox.js';

// Five ~1 KB log notifications right after the handshake.
const CHATTY = fileURLToPath(new URL('../../../../e2e/fixtures/chatty-server.mjs', import.meta.url));

let h: Harness;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await h.close();
});

async function openTab(): Promise<Inbox> {
  let inbox!: Inbox;
  const ws = await h.app.injectWS(
    `/ws?token=${TOKEN}`,
    { headers: { host: HOST, origin: `http://${HOST}` } },
    {
      onInit: (socket: WebSocket) => void (inbox = new Inbox(socket)),
    },
  );
  sockets.push(ws);
  return inbox;
}

const isLog = (m: WsMsg) => m.type === 'frame' && (m.msg as { method?: string } | undefined)?.method === 'notifications/message';

describe('compact rows on /ws', () => {
  it('sends big log notifications as rows, live and in the backlog; GET …/events gives the whole event', async () => {
    h = await makeApp();
    const live = await openTab();
    const config = { transport: 'stdio', command: process.execPath, args: [CHATTY, '5', '--tail-tag'], env: {}, name: 'chatty' };
    const id = (await h.app.inject({ method: 'POST', url: '/api/sessions', headers: AUTH, payload: { config } })).json().session
      .id as string;
    await live.until(() => live.messages.filter(isLog).length === 5 || undefined, 'five log rows');
    const rows = live.messages.filter(isLog);
    for (const row of rows) {
      expect(row.compact).toBe(true);
      const params = (row.msg as { params: Record<string, unknown> }).params;
      expect(params).toMatchObject({ level: 'info', logger: 'flood' });
      expect(typeof params.data).toBe('string');
      expect(params.data).not.toContain('tail-');
    }
    // The handshake goes whole: the UI reads its bodies.
    const init = live.messages.find(
      (m) => m.type === 'frame' && (m.msg as { result?: { serverInfo?: unknown } } | undefined)?.result?.serverInfo,
    );
    expect(init?.compact).toBeUndefined();

    const seq = rows[2].seq as number;
    const reply = await h.app.inject({ method: 'GET', url: `/api/sessions/${id}/events?from=${seq}&limit=1`, headers: AUTH });
    const [whole] = reply.json().events;
    expect(whole.seq).toBe(seq);
    expect(whole.compact).toBeUndefined();
    expect(whole.msg.params.data).toMatchObject({ tag: 'frame-000002', tail: 'tail-000002', pad: 'x'.repeat(900) });
    expect(whole.size).toBe(rows[2].size);

    // A tab that connects later gets the same rows in its backlog.
    const later = await openTab();
    await later.until(() => later.find('ready'), 'ready');
    expect(later.messages.filter(isLog).map((m) => m.compact)).toEqual([true, true, true, true, true]);
  });
});
