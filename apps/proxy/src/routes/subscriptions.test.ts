import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, nextEngineMessage, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

type Frame = { type: string; dir?: string; msg?: { method?: string; params?: Record<string, unknown> } };
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const open = async (era: 'legacy' | 'modern') =>
  SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig(era, { DEMO_CLOCK_INTERVAL_MS: '30' }) })).json().session)
    .id;
const sessionInfo = async () => SessionInfoSchema.parse((await api('GET', '/sessions')).json().sessions[0]);
const isUpdate = (m: unknown) => (m as Frame).type === 'frame' && (m as Frame).msg?.method === 'notifications/resources/updated';

describe.each(['legacy', 'modern'] as const)('/api/sessions/:id/subscriptions (%s era)', (era) => {
  it('POST → 204 and updates arrive as frames; DELETE ?uri= → 204, then 404', async () => {
    const id = await open(era);
    const updated = nextEngineMessage(h.engine, isUpdate);
    expect((await api('POST', `/sessions/${id}/subscriptions`, { uri: 'demo://clock' })).statusCode).toBe(204);
    expect((await sessionInfo()).subscriptions).toEqual(['demo://clock']);
    expect(((await updated) as Frame).msg?.params).toMatchObject({ uri: 'demo://clock' });
    const events = (await api('GET', `/sessions/${id}/events`)).json().events as Frame[];
    const how = era === 'legacy' ? 'resources/subscribe' : 'subscriptions/listen';
    expect(events.some((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === how)).toBe(true);

    const uri = encodeURIComponent('demo://clock');
    expect((await api('DELETE', `/sessions/${id}/subscriptions?uri=${uri}`)).statusCode).toBe(204);
    expect((await sessionInfo()).subscriptions).toEqual([]);
    const again = await api('DELETE', `/sessions/${id}/subscriptions?uri=${uri}`);
    expect(again.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(again.json()).error.code).toBe('MCPSCOPE_ERR_SUBSCRIPTION_NOT_FOUND');
  });
});

describe('/api/sessions/:id/subscriptions, errors', () => {
  it('400 without a uri, 404 for an unknown session, 409 once closed', async () => {
    const id = await open('legacy');
    expect((await api('POST', `/sessions/${id}/subscriptions`, {})).statusCode).toBe(400);
    expect((await api('DELETE', `/sessions/${id}/subscriptions`)).statusCode).toBe(400);
    expect((await api('POST', '/sessions/nope/subscriptions', { uri: 'x' })).statusCode).toBe(404);
    await api('DELETE', `/sessions/${id}`);
    expect((await api('POST', `/sessions/${id}/subscriptions`, { uri: 'demo://clock' })).statusCode).toBe(409);
  });
});
