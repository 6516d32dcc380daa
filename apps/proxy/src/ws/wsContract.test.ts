import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { OTLP_RECEIVER_PATH, OTLP_SECRET_HEADER } from '@mcpscope/protocol';
import { PendingServerRequestSchema, WS_BATCH_TYPE, WsServerMessageSchema, type SessionConfigInput } from '@mcpscope/wire';
import { startOAuthServers, type OAuthServers } from '../../../../e2e/fixtures/oauth-servers.js';
import { fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { Inbox, type WsMsg } from '../../test-fixtures/inbox.js';

// server-everything 2026.8.31 lives with the engine's test servers: tasks, progress, sampling, stderr.
const engineRequire = createRequire(new URL('../../../../packages/engine/package.json', import.meta.url));
const everything: SessionConfigInput = {
  transport: 'stdio',
  command: process.execPath,
  args: [engineRequire.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  env: {},
  name: 'everything',
};

/** Every `type` the contract has, read from the schema itself (a kind added there must be produced here too). */
const KINDS = WsServerMessageSchema.options.map((o) => o.shape.type.value as string);

let h: Harness;
let servers: OAuthServers;
beforeAll(async () => {
  [servers, h] = await Promise.all([startOAuthServers(), makeApp({ ws: { highWaterBytes: 8 * 1024, maxQueuedBytes: 256 * 1024 } })]);
});
afterAll(async () => Promise.all([h?.close(), servers?.close()]));

const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });

/** A tab that keeps every WebSocket message as sent (batches too), besides the unpacked inbox. */
async function openTab(): Promise<{ ws: WebSocket; inbox: Inbox; raw: string[] }> {
  let inbox!: Inbox;
  const raw: string[] = [];
  const ws = await h.app.injectWS(
    `/ws?token=${TOKEN}`,
    { headers: { host: HOST, origin: `http://${HOST}` } },
    {
      onInit: (socket: WebSocket) => {
        inbox = new Inbox(socket);
        socket.on('message', (data) => raw.push(String(data)));
      },
    },
  );
  return { ws, inbox, raw };
}

/** Every message of a WebSocket message, batch or lone, each parsed with the wire schema. */
function parseAll(raw: readonly string[]): { kinds: Set<string>; failures: string[] } {
  const kinds = new Set<string>();
  const failures: string[] = [];
  for (const text of raw) {
    const value = JSON.parse(text) as { type: string; messages?: unknown[] };
    for (const message of value.type === WS_BATCH_TYPE ? value.messages! : [value]) {
      const parsed = WsServerMessageSchema.safeParse(message);
      if (parsed.success) kinds.add(parsed.data.type);
      else failures.push(`${JSON.stringify(message).slice(0, 200)}: ${parsed.error.message}`);
    }
  }
  return { kinds, failures };
}

describe('the /ws contract', () => {
  it('every message the hub sends, of every kind, parses with the wire schema', async () => {
    const watcher = await openTab();
    const stalled = await openTab();
    for (const tab of [watcher, stalled]) await tab.inbox.until(() => tab.inbox.find('ready'), 'ready');

    // A live stdio session: frames, stderr, lifecycle, progress, a task, a server request answered.
    const everythingId = (await api('POST', '/sessions', { config: everything })).json().session.id as string;
    await api('POST', `/sessions/${everythingId}/requests`, { method: 'tools/list' });
    const progress = await api('POST', `/sessions/${everythingId}/requests`, {
      method: 'tools/call',
      params: { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } },
      callId: 'progress-1',
    });
    expect(progress.statusCode).toBe(200);
    const task = await api('POST', `/sessions/${everythingId}/tasks`, {
      params: { name: 'simulate-research-query', arguments: { topic: 'tides' } },
      callId: 'task-1',
    });
    expect(task.statusCode).toBe(200);
    const sampling = api('POST', `/sessions/${everythingId}/requests`, {
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 5 } },
    });
    const asked = PendingServerRequestSchema.parse(
      (await watcher.inbox.until(() => watcher.inbox.find('server-request'), 'a server request')).request,
    );
    const answer = { result: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'test' } };
    expect(
      (await api('POST', `/sessions/${everythingId}/server-requests/${encodeURIComponent(asked.requestId)}`, answer)).statusCode,
    ).toBeLessThan(300);
    expect((await sampling).statusCode).toBe(200);

    // An HTTP session behind OAuth: HTTP exchanges, then the authorization's steps.
    const refused = await api('POST', '/sessions', { config: { transport: 'http', url: servers.mcpUrl } });
    const httpId = (refused.json() as { error: { details: { sessionId: string } } }).error.details.sessionId;
    expect((await api('POST', `/sessions/${httpId}/oauth/authorize`, { config: { scope: 'mcp:read' } })).statusCode).toBe(200);
    await watcher.inbox.until(() => watcher.inbox.find('oauth'), 'an OAuth step');

    // A server's span, posted to mcpscope's OTLP receiver with the session's secret: a span event.
    // (This app is never listened on: the receiver's URL, which only the server's variables name, is set by hand.)
    h.engine.spanReceivers.url = `http://${HOST}${OTLP_RECEIVER_PATH}`;
    const demo: SessionConfigInput = { transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {}, era: 'legacy' };
    const demoId = (await api('POST', '/sessions', { config: demo, collectServerSpans: true })).json().session.id as string;
    const now = String(BigInt(Date.now()) * 1_000_000n);
    const otlp = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
                  spanId: '00f067aa0ba902b7',
                  name: 'tools/call echo',
                  kind: 2,
                  startTimeUnixNano: now,
                  endTimeUnixNano: now,
                },
              ],
            },
          ],
        },
      ],
    };
    const posted = await h.app.inject({
      method: 'POST',
      url: OTLP_RECEIVER_PATH,
      headers: { host: HOST, 'content-type': 'application/json', [OTLP_SECRET_HEADER]: h.engine.spanReceivers.secretFor(demoId) },
      payload: otlp,
    });
    expect(posted.statusCode).toBe(200);
    await watcher.inbox.until(() => watcher.inbox.find('span'), 'a server span');

    // A flood that the stalled tab cannot follow: a gap marker in its stream.
    const floodId = (await api('POST', '/sessions', { config: fixtureConfig('logging') })).json().session.id as string;
    const transport = (stalled.ws as unknown as { _socket: NodeJS.ReadableStream })._socket;
    transport.pause();
    const COUNT = 6000;
    await api('POST', `/sessions/${floodId}/messages`, {
      message: { method: 'tools/call', params: { name: 'flood', arguments: { count: COUNT, size: 300 } } },
    });
    transport.resume();
    await stalled.inbox.until(() => stalled.inbox.find('gap'), 'a gap');

    // And a session removed.
    await api('DELETE', `/sessions/${floodId}?forget=1`);
    for (const tab of [watcher, stalled])
      await tab.inbox.until(() => tab.inbox.find('session-removed', (m: WsMsg) => m.sessionId === floodId), 'session-removed');

    const seen = new Set<string>();
    for (const tab of [watcher, stalled]) {
      const { kinds, failures } = parseAll(tab.raw);
      expect(failures).toEqual([]);
      for (const kind of kinds) seen.add(kind);
      tab.ws.terminate();
    }
    expect([...KINDS].filter((k) => !seen.has(k))).toEqual([]);
    expect(KINDS.length).toBeGreaterThanOrEqual(15);
  }, 120_000);
});
