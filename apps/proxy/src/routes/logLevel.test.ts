import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig, fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

type Frame = { type: string; dir?: string; msg?: { method?: string; params?: Record<string, unknown> } };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const openWith = async (config: object) => SessionInfoSchema.parse((await api('POST', '/sessions', { config })).json().session).id;
const frames = async (id: string): Promise<Frame[]> =>
  ((await api('GET', `/sessions/${id}/events`)).json().events as Frame[]).filter((e) => e.type === 'frame');
const logLevels = async (id: string) =>
  (await frames(id)).filter((f) => f.dir === 'in' && f.msg?.method === 'notifications/message').map((f) => f.msg?.params?.level);

describe.each(['legacy', 'modern'] as const)('PUT /api/sessions/:id/log-level (%s era)', (era) => {
  it('204; the server logs from that level on; SessionInfo.logLevel', async () => {
    const id = await openWith(demoConfig(era));
    expect((await api('PUT', `/sessions/${id}/log-level`, { level: 'error' })).statusCode).toBe(204);
    const sent = (await frames(id)).filter((f) => f.dir === 'out');
    expect(sent.some((f) => f.msg?.method === 'logging/setLevel')).toBe(era === 'legacy');
    const [info] = (await api('GET', '/sessions')).json().sessions;
    expect(SessionInfoSchema.parse(info).logLevel).toBe('error');
    await api('POST', `/sessions/${id}/requests`, {
      method: 'tools/call',
      params: { name: 'emit_logs', arguments: { levels: ['info', 'error', 'alert'] } },
    });
    expect(await logLevels(id)).toEqual(['error', 'alert']);
  });
});

describe('PUT /api/sessions/:id/log-level, errors', () => {
  it('400 for an unknown level; 502 with the JSON-RPC error when the server refuses logging/setLevel', async () => {
    const id = await openWith(fixtureConfig());
    expect((await api('PUT', `/sessions/${id}/log-level`, { level: 'verbose' })).statusCode).toBe(400);
    const refused = await api('PUT', `/sessions/${id}/log-level`, { level: 'debug' });
    expect(refused.statusCode).toBe(502);
    expect(ApiErrorSchema.parse(refused.json()).error).toMatchObject({
      code: 'MCPSCOPE_ERR_UPSTREAM_ERROR',
      details: { rpcError: { code: -32601 } },
    });
    const [info] = (await api('GET', '/sessions')).json().sessions;
    expect(info.logLevel).toBeUndefined();
    expect((await api('PUT', '/sessions/nope/log-level', { level: 'debug' })).statusCode).toBe(404);
  });
});
