import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { fixtureConfig } from '../test-fixtures/fixtures.js';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../test-fixtures/harness.js';

/**
 * Hostile and malformed input against the proxy: every request gets an answer
 * (never a crash, never a 5xx other than a clean MCPSCOPE error), and a live session on the
 * same proxy keeps working throughout. Seeded, so a failure reproduces.
 */
let h: Harness;
/** The session the fuzzer aims at (it may well close it), and one it never names. */
let sessionId: string;
let bystander: string;
beforeAll(async () => {
  h = await makeApp();
  const open = async () =>
    (await h.app.inject({ method: 'POST', url: '/api/sessions', headers: AUTH, payload: { config: fixtureConfig() } })).json().session.id;
  sessionId = await open();
  bystander = await open();
});
afterAll(async () => h?.close());

const SEED = 20261121;
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'config', 'message', 'transport', 'command', 'url')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;
const paths = fc.oneof(
  fc.constantFrom(
    '/api/sessions',
    `/api/sessions/SID`,
    '/api/sessions/SID/messages',
    '/api/sessions/SID/server-requests/n:1',
    '/api/sessions/nope/messages',
    '/api/info',
    '/api/%2e%2e/api/sessions',
    '/api/sessions/SID/events',
    '/%61pi/sessions',
    '/ws',
    '/',
  ),
  fc.string().map((s) => `/api/${encodeURIComponent(s)}`),
);
const bodies = fc.oneof(
  jsonish.map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom(
    '{',
    '{"config":',
    '[]',
    'null',
    '"x"',
    '{"config":{"transport":"stdio","command":""}}',
    '{"config":{"transport":"http","url":"javascript:alert(1)"}}',
    '{"message":{"method":""}}',
    '{"message":{"method":"ping","id":{}}}',
    '{"result":1}',
  ),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
);
const headerSets = fc.oneof(
  fc.constant(AUTH as Record<string, string>),
  fc.constant({ host: HOST } as Record<string, string>),
  fc.constant({ ...AUTH, origin: 'http://evil.example' } as Record<string, string>),
  fc.constant({ ...AUTH, host: 'evil.example' } as Record<string, string>),
  fc.constant({ host: HOST, authorization: 'Bearer wrong' } as Record<string, string>),
  fc.constant({ host: HOST, authorization: `Basic ${TOKEN}` } as Record<string, string>),
);

describe('fuzzing the proxy', () => {
  it('answers 10,000 malformed or hostile HTTP requests without crashing, and the live session still works', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        paths,
        bodies,
        headerSets,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-7', ''),
        async (method, path, body, headers, contentType) => {
          const url = path.replace('SID', sessionId);
          const res = await h.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
            ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload: body }),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // An error is always a JSON body from the one catalogue, never a crash page.
          if (res.statusCode >= 400 && url.startsWith('/api')) expect(res.json().error.code).toMatch(/^MCPSCOPE_ERR_/);
          expect(res.statusCode).not.toBe(500);
        },
      ),
      { numRuns: 10_000, seed: SEED },
    );
    expect(statuses.size).toBeGreaterThan(3);
    const ping = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${bystander}/messages`,
      headers: AUTH,
      payload: { message: { method: 'ping' } },
    });
    expect(ping.statusCode).toBe(200);
    expect(h.engine.get(bystander)?.info().state).toBe('connected');
  }, 240_000);

  it('closes WebSocket tabs that send garbage, and keeps serving the others', async () => {
    const sockets: WebSocket[] = [];
    const closes: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodies,
          jsonish.map((v) => JSON.stringify(v)),
        ),
        async (text) => {
          const ws = await h.app.injectWS(`/ws?token=${TOKEN}`, { headers: { host: HOST, origin: `http://${HOST}` } });
          sockets.push(ws);
          const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
          ws.send(text);
          if (text !== '{"type":"ping"}') closes.push(await closed);
          else ws.terminate();
        },
      ),
      { numRuns: 300, seed: SEED },
    );
    expect(closes.every((c) => c === 1008 || c === 1003 || c === 1009)).toBe(true);
    expect(h.engine.get(bystander)?.info().state).toBe('connected');
    for (const ws of sockets) ws.terminate();
  }, 120_000);
});
