import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, RequestReplySchema, RootsBodySchema, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const open = async (era: 'legacy' | 'modern') =>
  SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig(era) })).json().session).id;
const sentMethods = async (id: string) =>
  ((await api('GET', `/sessions/${id}/events`)).json().events as Array<{ type: string; dir?: string; msg?: { method?: string } }>)
    .filter((e) => e.type === 'frame' && e.dir === 'out')
    .map((e) => e.msg?.method);

describe.each(['legacy', 'modern'] as const)('/api/sessions/:id/roots (%s era)', (era) => {
  it('GET → [], PUT → 204 and the server reads them; list_changed on the legacy era only', async () => {
    const id = await open(era);
    expect(RootsBodySchema.parse((await api('GET', `/sessions/${id}/roots`)).json())).toEqual({ roots: [] });
    const roots = [{ uri: 'file:///tmp/a', name: 'A' }, { uri: 'file:///tmp/b' }];
    expect((await api('PUT', `/sessions/${id}/roots`, { roots })).statusCode).toBe(204);
    expect((await api('GET', `/sessions/${id}/roots`)).json()).toEqual({ roots });
    const [info] = (await api('GET', '/sessions')).json().sessions;
    expect(SessionInfoSchema.parse(info).roots).toEqual(roots);
    expect((await sentMethods(id)).includes('notifications/roots/list_changed')).toBe(era === 'legacy');

    const listed = await api('POST', `/sessions/${id}/requests`, { method: 'tools/call', params: { name: 'list_roots', arguments: {} } });
    const reply = RequestReplySchema.parse(listed.json());
    expect(reply).toMatchObject({ outcome: 'result', result: { structuredContent: { roots } } });
  });
});

describe('/api/sessions/:id/roots, errors', () => {
  it('400 for a bad body, 404 for an unknown session', async () => {
    const id = await open('legacy');
    const bad = await api('PUT', `/sessions/${id}/roots`, { roots: [{ name: 'no uri' }] });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    expect((await api('GET', '/sessions/nope/roots')).statusCode).toBe(404);
    expect((await api('PUT', '/sessions/nope/roots', { roots: [] })).statusCode).toBe(404);
  });
});
