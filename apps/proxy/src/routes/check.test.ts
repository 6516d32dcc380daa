import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { ApiErrorSchema, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

/** `mcpscope check --session` runs the check on a session that is already connected. */
let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const open = async () => SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig('legacy') })).json().session).id;

describe('POST /api/sessions/:id/check', () => {
  it('exercises the connected session (no new connection) and reports every finding so far', async () => {
    const id = await open();
    const res = await api('POST', `/sessions/${id}/check`, { timeoutMs: 10_000 });
    expect(res.statusCode).toBe(200);
    const { report } = res.json() as { report: { subject: string; notes: string[]; counts: Record<string, number> } };
    expect(report.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^- connected: stdio, legacy era/),
        expect.stringMatching(/^- tools\/list: \d+ tools/),
      ]),
    );
    expect(report.counts).toEqual({ error: 0, warning: expect.any(Number), info: expect.any(Number) });
    const session = h.engine.get(id)!;
    const events = session.events();
    expect(events.filter((e) => e.type === 'lifecycle' && e.phase === 'spawn')).toHaveLength(1);
    const out = events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/list');
    expect(out.length).toBeGreaterThan(0);
    for (const f of out) expect(f.origin).toEqual({ by: 'mcpscope', reason: 'check: exercise' });
  });

  it('409 on a session that is not connected; 400 on an unknown option; 404 on an unknown session', async () => {
    const id = await open();
    expect((await api('POST', `/sessions/${id}/check`, { nope: true })).statusCode).toBe(400);
    expect((await api('DELETE', `/sessions/${id}`)).statusCode).toBe(204);
    const closed = await api('POST', `/sessions/${id}/check`, {});
    expect(closed.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(closed.json()).error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
    expect((await api('POST', '/sessions/s99/check', {})).statusCode).toBe(404);
  });
});
