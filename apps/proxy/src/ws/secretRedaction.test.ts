import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { Inbox } from '../../test-fixtures/inbox.js';

/**
 * A server that echoes the API_KEY it was started with (stderr, a raw stdout
 * line, a tool result, a key of structuredContent, an error message) never gets it into the
 * recorded trace, the NDJSON/JSON/HAR export or the /ws stream; harmless env values stay.
 */
const SERVER = fileURLToPath(new URL('../../test-fixtures/secret-echo-server.mjs', import.meta.url));
const SECRET = 'sk-test-4f9c2a7e1b8d3f60a5c9';
const HOME = '/home/secret-test-user';

let h: Harness;
let dir: string;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openTab(): Promise<Inbox> {
  let inbox!: Inbox;
  const ws = await h.app.injectWS(
    `/ws?token=${TOKEN}`,
    { headers: { host: HOST, origin: `http://${HOST}` } },
    { onInit: (s: WebSocket) => (inbox = new Inbox(s)) },
  );
  sockets.push(ws);
  return inbox;
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('secrets the server echoes', () => {
  it('are redacted by value in the trace, every export and the /ws stream', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-secret-echo-'));
    h = await makeApp({}, { tracesDir: dir, stopGraceMs: 200 });
    const live = await openTab();
    await live.until(() => live.find('ready'), 'ready');

    const config = {
      transport: 'stdio',
      command: process.execPath,
      args: [SERVER],
      env: { API_KEY: SECRET, DEBUG: '1', HOME },
      name: 'secret-echo',
      era: 'legacy',
    };
    const id = (await api('POST', '/sessions', { config })).json().session.id as string;
    expect(h.engine.get(id)?.info().state).toBe('connected');
    const reply = await api('POST', `/sessions/${id}/messages`, {
      message: { method: 'tools/call', params: { name: 'whoami', arguments: {} } },
    });
    // The REST replies too: the raw answer, the session list and the stored events.
    expect(reply.body).toContain('your key is [REDACTED]');
    expect(count(reply.body, SECRET)).toBe(0);
    // `call --session`'s streamed reply.
    const streamed = await api('POST', `/sessions/${id}/call`, { method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    expect(streamed.body).toContain('your key is [REDACTED]');
    expect(count(streamed.body, SECRET)).toBe(0);
    await api('POST', `/sessions/${id}/messages`, { message: { method: 'nope/nothing' } });
    const isResult = (m: { type: string; msg?: unknown }) => m.type === 'frame' && JSON.stringify(m.msg ?? '').includes('your key is');
    await live.until(() => live.messages.find(isResult), 'the tool result on /ws');
    await live.until(
      () => live.messages.find((m) => m.type === 'frame' && JSON.stringify(m.msg ?? '').includes('no method nope')),
      'the error on /ws',
    );
    await live.until(
      () => live.messages.find((m) => m.type === 'stderr' && String(m.text).includes('tools/call with')),
      'stderr of the call',
    );

    // The /ws stream, live and as a later tab's hello + backlog.
    const later = await openTab();
    await later.until(() => later.find('ready'), 'ready (later tab)');
    for (const inbox of [live, later]) {
      const ws = JSON.stringify(inbox.messages);
      expect(count(ws, SECRET)).toBe(0);
      expect(ws).toContain('your key is [REDACTED]');
      expect(ws).toContain(`API_KEY=[REDACTED] DEBUG=1 HOME=${HOME}`);
      expect(ws).toContain('using key [REDACTED]'); // the raw (non-JSON) stdout line
    }

    for (const url of ['/sessions', `/sessions/${id}/events?from=0&limit=1000`, `/sessions/${id}/frames?index=0&limit=100`]) {
      const body = (await api('GET', url)).body;
      expect(count(body, SECRET), url).toBe(0);
    }
    expect((await api('GET', `/sessions/${id}/events?from=0&limit=1000`)).body).toContain(`HOME=${HOME}`);

    // The exports.
    for (const format of ['ndjson', 'json', 'har']) {
      const body = (await api('GET', `/sessions/${id}/export?format=${format}`)).body;
      expect(count(body, SECRET), format).toBe(0);
      if (format !== 'har') expect(body, format).toContain(`HOME=${HOME}`);
    }

    // The recorded trace, read from disk once the session is closed.
    expect((await api('DELETE', `/sessions/${id}`)).statusCode).toBe(204);
    const [file] = readdirSync(dir).filter((n) => n.endsWith('.ndjson'));
    const trace = readFileSync(join(dir, file!), 'utf8');
    expect(count(trace, SECRET)).toBe(0);
    expect(count(trace, '[REDACTED]')).toBeGreaterThanOrEqual(7);
    expect(trace).toContain(`DEBUG=1 HOME=${HOME}`);
  });
});
