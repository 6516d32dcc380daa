import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { AUTH, HOST, makeApp, PORT, TOKEN, type Harness } from '../test-fixtures/harness.js';
import { SESSION_CODE_TTL_MS, SessionCodes } from './token.js';

/** The browser is opened on a single-use code, never on the token. */
let h: Harness;
let codes: SessionCodes;
beforeEach(async () => {
  codes = new SessionCodes();
  h = await makeApp({ codes });
});
afterEach(async () => {
  vi.useRealTimers();
  await h.close();
});

const ORIGIN = `http://${HOST}`;
function exchange(code: unknown, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: '/api/session-code',
    headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ code }),
  });
}
const errorCode = (body: string) => ApiErrorSchema.parse(JSON.parse(body)).error.code;

describe('POST /api/session-code', () => {
  it('gives the token for a fresh code, without a token, and never again for the same code', async () => {
    const code = codes.mint();
    expect(code).toMatch(/^[\w-]{22}$/); // 128 random bits
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ token: TOKEN });
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await exchange(code);
    expect(second.statusCode).toBe(401);
    expect(errorCode(second.body)).toBe('MCPSCOPE_ERR_SESSION_CODE_INVALID');
  });

  it('refuses a wrong code, and a wrong code does not spend a good one', async () => {
    const code = codes.mint();
    for (const wrong of ['x', `${code}x`, code.slice(0, -1), TOKEN]) {
      const res = await exchange(wrong);
      expect(res.statusCode, wrong).toBe(401);
      expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_SESSION_CODE_INVALID');
    }
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('refuses a code after its 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const late = codes.mint();
    const inTime = codes.mint();
    vi.advanceTimersByTime(SESSION_CODE_TTL_MS - 1);
    expect((await exchange(inTime)).statusCode).toBe(200);
    vi.advanceTimersByTime(1);
    const res = await exchange(late);
    expect(res.statusCode).toBe(401);
    expect(codes.size).toBe(0); // expired codes are dropped
  });

  it('refuses a malformed body (400) and a non-JSON post (415)', async () => {
    codes.mint();
    for (const code of [undefined, 42, '', 'x'.repeat(200)]) expect((await exchange(code)).statusCode).toBe(400);
    const form = await h.app.inject({
      method: 'POST',
      url: '/api/session-code',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('is behind the Host/Origin guard: a foreign origin or a rebinding name gets 403 and spends nothing', async () => {
    const code = codes.mint();
    const foreign = await exchange(code, { origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(errorCode(foreign.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_ORIGIN');
    const opaque = await exchange(code, { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
    const rebinding = await exchange(code, { host: `evil.example:${PORT}`, origin: `http://evil.example:${PORT}` });
    expect(rebinding.statusCode).toBe(403);
    expect(errorCode(rebinding.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_HOST');
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('exempts only POST on that exact route from the token', async () => {
    for (const [method, url] of [
      ['GET', '/api/session-code'],
      ['POST', '/api/session-codes'],
      ['POST', '/api/session-code/x'],
      ['POST', '/api/info'],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: { host: HOST, 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_UNAUTHORIZED');
    }
    expect((await h.app.inject({ url: '/api/info', headers: AUTH })).statusCode).toBe(200);
  });
});

describe('SessionCodes', () => {
  it('keeps at most 32 codes waiting (the oldest goes first)', () => {
    const c = new SessionCodes();
    const first = c.mint();
    for (let i = 0; i < 32; i++) c.mint();
    expect(c.size).toBe(32);
    expect(c.redeem(first)).toBe(false);
  });
});
