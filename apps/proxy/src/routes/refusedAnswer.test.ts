import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EngineError } from '@mcpscope/engine';
import { ApiErrorSchema, RequestReplySchema, SessionInfoSchema, type SessionConfigInput } from '@mcpscope/wire';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';
import { handleError } from '../errors.js';

// A real legacy stdio server whose answers mcpscope must refuse (packages/engine test fixtures).
const REFUSING = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/hostile/refusing-server.mjs', import.meta.url));
const refusing = (mode: string): SessionConfigInput => ({
  transport: 'stdio',
  command: process.execPath,
  args: [REFUSING],
  env: { FIXTURE_MODE: mode },
  era: 'legacy',
  name: `refusing-${mode}`,
});

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const open = async (mode: string) =>
  SessionInfoSchema.parse((await api('POST', '/sessions', { config: refusing(mode) })).json().session).id;

describe('an answer mcpscope refuses at its boundary is the server’s fault, with the reason', () => {
  it('a request, a tools/call and a raw message each fail with 502 MCPSCOPE_ERR_SERVER_ANSWER_REFUSED; the session goes on', async () => {
    const deep = await open('deep-answer');
    for (const res of [
      await api('POST', `/sessions/${deep}/requests`, { method: 'tools/list', timeoutMs: 20_000 }),
      await api('POST', `/sessions/${deep}/messages`, { message: { method: 'tools/list' }, timeoutMs: 20_000 }),
    ]) {
      expect(res.statusCode).toBe(502);
      const { error } = ApiErrorSchema.parse(res.json());
      expect(error).toMatchObject({
        code: 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED',
        details: { engineCode: 'ENGINE_RESPONSE_REFUSED', sessionId: deep },
      });
      expect(error.message).toBe("the server's answer was nested deeper than 256 levels; mcpscope refused it");
    }
    expect(RequestReplySchema.parse((await api('POST', `/sessions/${deep}/requests`, { method: 'ping' })).json())).toMatchObject({
      outcome: 'result',
    });

    const call = await open('deep-call');
    const res = await api('POST', `/sessions/${call}/requests`, {
      method: 'tools/call',
      params: { name: 'deep', arguments: {} },
      timeoutMs: 20_000,
    });
    expect([res.statusCode, ApiErrorSchema.parse(res.json()).error.code]).toEqual([502, 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED']);
    expect(h.engine.get(call)!.info().state).toBe('connected');
  }, 60_000);

  it('logs the server’s failures at info and only mcpscope’s own at error', () => {
    const log = { error: vi.fn(), info: vi.fn() };
    const reply = { code: vi.fn(() => reply), type: vi.fn(() => reply), send: vi.fn(() => reply) };
    const request = { log } as unknown as FastifyRequest;
    handleError(
      new EngineError('ENGINE_RESPONSE_REFUSED', "the server's answer was larger than 64 MiB; mcpscope refused it"),
      request,
      reply as unknown as FastifyReply,
    );
    expect(reply.code).toHaveBeenLastCalledWith(502);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      { code: 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED', message: "the server's answer was larger than 64 MiB; mcpscope refused it" },
      'the server failed the request',
    );
    handleError(new TypeError('cannot read properties of undefined'), request, reply as unknown as FastifyReply);
    expect(reply.code).toHaveBeenLastCalledWith(500);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
