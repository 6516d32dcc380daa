import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '@mcpscope/engine';
import { parseTrace } from '@mcpscope/trace';
import {
  ApiErrorSchema,
  ReplayReportSchema,
  SessionInfoSchema,
  SessionListSchema,
  TraceDiffSchema,
  TraceListSchema,
  TraceUploadReplySchema,
} from '@mcpscope/wire';
import { buildApp } from '../app.js';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, PORT, TOKEN } from '../../test-fixtures/harness.js';

let app: FastifyInstance;
let engine: Engine;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-proxy-traces-'));
  engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
  app = await buildApp({ engine, token: TOKEN, host: '127.0.0.1', port: PORT });
});
afterEach(async () => {
  await app.close();
  await engine.closeAll();
});

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });

async function recordedSession(): Promise<{ sessionId: string; traceId: string }> {
  const sessionId = SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig('legacy') })).json().session).id;
  await api('POST', `/sessions/${sessionId}/requests`, { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } });
  expect((await api('DELETE', `/sessions/${sessionId}`)).statusCode).toBe(204);
  const { traces } = TraceListSchema.parse((await api('GET', '/traces')).json());
  expect(traces).toHaveLength(1);
  expect(traces[0]).toMatchObject({ live: false, session: { transport: 'stdio' } });
  return { sessionId, traceId: traces[0]!.id };
}

describe('/api/traces', () => {
  it('lists, downloads, uploads (cut mid-line) and opens a trace as an offline read-only session', async () => {
    const { traceId } = await recordedSession();
    const download = await api('GET', `/traces/${traceId}`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${traceId}.ndjson"`);
    const text = download.body;
    expect(parseTrace(text).warnings).toEqual([]);

    const cut = text.slice(0, text.length - 7);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: { ...AUTH, 'content-type': 'application/x-ndjson' },
      payload: cut,
    });
    expect(upload.statusCode).toBe(201);
    const stored = TraceUploadReplySchema.parse(upload.json());
    expect(stored.warnings[0]).toMatch(/cut off mid-line at byte \d+; everything before it was kept/);
    expect(readdirSync(dir).filter((n) => n.endsWith('.ndjson'))).toHaveLength(2);

    const opened = await api('POST', `/traces/${stored.trace.id}/open`);
    expect(opened.statusCode).toBe(201);
    const info = SessionInfoSchema.parse(opened.json().session);
    expect(info).toMatchObject({ offline: true, state: 'closed', era: 'legacy', warnings: stored.warnings });
    expect(info.serverInfo).toMatchObject({ name: expect.any(String) });
    const refused = await api('POST', `/sessions/${info.id}/requests`, { method: 'tools/list' });
    expect(refused.statusCode).toBe(409);
    // Read-only for requests, but the user may still name it.
    const renamed = await api('PATCH', `/sessions/${info.id}`, { name: 'yesterday' });
    expect(renamed.statusCode).toBe(200);
    expect(SessionInfoSchema.parse(renamed.json().session)).toMatchObject({ id: info.id, name: 'yesterday', named: true, offline: true });
    expect(ApiErrorSchema.parse(refused.json()).error.code).toBe('MCPSCOPE_ERR_OFFLINE');
    const page = (await api('GET', `/sessions/${info.id}/events?from=2&limit=3`)).json().events as Array<{ seq: number }>;
    expect(page.map((e) => e.seq)).toEqual([2, 3, 4]);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: { ...AUTH, 'content-type': 'application/x-ndjson' },
      payload: 'hello\n',
    });
    expect(bad.statusCode).toBe(422);
    expect((await api('GET', '/traces/nope')).statusCode).toBe(404);
  });

  it('compares a trace with a live session, exports NDJSON/JSON/HAR, and replays', async () => {
    const { traceId, sessionId } = await recordedSession();
    const diff = TraceDiffSchema.parse((await api('POST', '/compare', { left: { traceId }, right: { sessionId } })).json());
    expect(diff.same).toBe(true);
    expect(diff.matched.map((m) => m.method)).toContain('tools/call');
    expect(diff.matched[0]!.left).toMatchObject({ seq: expect.any(Number), response: expect.any(Object) });

    const ndjson = await api('GET', `/sessions/${sessionId}/export?format=ndjson`);
    expect(ndjson.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ndjson"$/);
    expect(parseTrace(ndjson.body).events.length).toBeGreaterThan(3);
    expect(Array.isArray((await api('GET', `/sessions/${sessionId}/export?format=json`)).json())).toBe(true);
    expect((await api('GET', `/sessions/${sessionId}/export?format=har`)).json()).toMatchObject({ log: { version: '1.2' } });

    // The target is the one the user confirms (the UI prefills it from the listing's `recorded`).
    const { recorded } = TraceListSchema.parse((await api('GET', '/traces')).json()).traces.find((t) => t.id === traceId)!;
    expect(recorded).toMatchObject({ transport: 'stdio', command: process.execPath, era: 'legacy' });
    const report = ReplayReportSchema.parse((await api('POST', `/traces/${traceId}/replay`, { config: recorded })).json());
    expect(report.passed).toBe(true);
    expect(report.steps.map((s) => s.method)).toContain('tools/call');
    // The replay's session is marked as one, so the UI lists it apart from the user's own.
    const replayed = SessionListSchema.parse((await api('GET', '/sessions')).json()).sessions.find((s) => s.id === report.sessionId);
    expect(replayed).toMatchObject({ replayOf: traceId, state: 'closed' });
    expect(readFileSync(join(dir, `${traceId}.ndjson`), 'utf8')).toContain('"config"');
  });

  it('ingests a wrapped session', async () => {
    const opened = await api('POST', '/sessions/ingest', { name: 'wrapped', transport: 'stdio', target: 'node x' });
    const info = SessionInfoSchema.parse(opened.json().session);
    expect(info.wrapped).toBe(true);
    expect((await api('PATCH', `/sessions/${info.id}`, { name: 'host side' })).json().session).toMatchObject({
      name: 'host side',
      named: true,
      wrapped: true,
    });
    expect((await api('PATCH', `/sessions/${info.id}`, { name: null })).json().session).toMatchObject({ name: 'wrapped' });
    const line = JSON.stringify({
      seq: 1,
      t: 0,
      sessionId: 'w',
      type: 'frame',
      dir: 'out',
      msg: { jsonrpc: '2.0', id: 1, method: 'ping' },
      size: 10,
    });
    const pushed = await app.inject({
      method: 'POST',
      url: `/api/sessions/${info.id}/ingest`,
      headers: { ...AUTH, 'content-type': 'application/x-ndjson' },
      payload: `${line}\n`,
    });
    expect(pushed.statusCode).toBe(204);
    expect((await api('GET', `/sessions/${info.id}/events`)).json().events).toMatchObject([{ seq: 1, sessionId: info.id }]);
    expect((await api('POST', `/sessions/${info.id}/ingest/end`)).statusCode).toBe(204);
  });
});
