import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { AUTH, makeApp, type Harness } from '../test-fixtures/harness.js';
import { BODY_LIMIT } from './app.js';
import { ERROR_STATUS, ProxyError, toProxyError } from './errors.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

async function post(payload: string | Buffer, contentType: string) {
  const res = await h.app.inject({ method: 'POST', url: '/api/sessions', headers: { ...AUTH, 'content-type': contentType }, payload });
  return { status: res.statusCode, error: ApiErrorSchema.parse(res.json()).error };
}

describe('error catalogue', () => {
  it('maps every code to its status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^MCPSCOPE_ERR_[A-Z_]+$/);
      expect(new ProxyError(code as keyof typeof ERROR_STATUS, 'x').statusCode).toBe(status);
    }
  });

  it('hides the message of an unexpected error', () => {
    const err = toProxyError(new Error('secret internals'));
    expect(err.code).toBe('MCPSCOPE_ERR_INTERNAL');
    expect(err.message).not.toContain('secret');
  });
});

describe('bad bodies get a clean 4xx', () => {
  it('malformed JSON → 400', async () => {
    expect(await post('{"config": ', 'application/json')).toMatchObject({ status: 400, error: { code: 'MCPSCOPE_ERR_BAD_REQUEST' } });
  });

  it('prototype-poisoning JSON → 400', async () => {
    const res = await post('{"__proto__": {"polluted": true}}', 'application/json');
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body that fails the schema → 400 with zod issues', async () => {
    const { status, error } = await post(JSON.stringify({ config: { transport: 'stdio', command: '' } }), 'application/json');
    expect(status).toBe(400);
    expect(error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    const issues = (error.details as { issues: Array<{ path: unknown[]; message: string }> }).issues;
    expect(issues[0]).toMatchObject({ path: ['config', 'command'], message: 'command is required' });
  });

  it('an empty JSON body is no body (→ schema 400, not a parser crash)', async () => {
    expect(await post('', 'application/json')).toMatchObject({ status: 400, error: { code: 'MCPSCOPE_ERR_BAD_REQUEST' } });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('%s → 415', async (type) => {
    expect(await post('config=1', type)).toMatchObject({ status: 415, error: { code: 'MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('a body over the limit → 413', async () => {
    const huge = Buffer.alloc(BODY_LIMIT + 1, 0x20);
    expect(await post(huge, 'application/json')).toMatchObject({ status: 413, error: { code: 'MCPSCOPE_ERR_PAYLOAD_TOO_LARGE' } });
  });

  it('unknown routes → 404 in the catalogue shape', async () => {
    const res = await h.app.inject({ method: 'PATCH', url: '/api/sessions', headers: AUTH });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_NOT_FOUND');
    const noSpa = await h.app.inject({ url: '/', headers: { host: AUTH.host } });
    expect(noSpa.statusCode).toBe(404);
  });
});
