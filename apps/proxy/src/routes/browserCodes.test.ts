import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { AUTH, HOST, makeApp, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { SessionCodes } from '../token.js';

/** `mcpscope connect`/`sessions` print a code link for a running mcpscope, never its token. */
let h: Harness;
let codes: SessionCodes;
beforeEach(async () => {
  codes = new SessionCodes();
  h = await makeApp({ codes });
});
afterEach(async () => h.close());

const mint = (headers: Record<string, string>) => h.app.inject({ method: 'POST', url: '/api/browser-codes', headers });

describe('POST /api/browser-codes', () => {
  it('mints a single-use code for a holder of the token; the page exchanges it once', async () => {
    const res = await mint(AUTH);
    expect(res.statusCode).toBe(201);
    const { code } = res.json() as { code: string };
    expect(code).toMatch(/^[\w-]{22}$/);
    const exchange = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/session-code',
        headers: { host: HOST, 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });
    expect((await exchange()).json()).toEqual({ token: TOKEN });
    expect((await exchange()).statusCode).toBe(401);
  });

  it("needs the token (401), and the inspector's own Host (403)", async () => {
    const anonymous = await mint({ host: HOST });
    expect(anonymous.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(anonymous.json()).error.code).toBe('MCPSCOPE_ERR_UNAUTHORIZED');
    const rebinding = await mint({ ...AUTH, host: 'attacker.example:47321' });
    expect(rebinding.statusCode).toBe(403);
    expect(codes.size).toBe(0);
  });
});
