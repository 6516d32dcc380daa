import type { FastifyInstance } from 'fastify';
import { ProxyError } from '../errors.js';
import type { SessionCodes } from '../token.js';

/** The one /api route that needs no token: it is how a page opened on a code gets the token. */
export const SESSION_CODE_PATH = '/api/session-code';

/**
 * `POST /api/session-code {"code":"…"}` → `{"token":"…"}`, once per code, within its lifetime.
 * Unauthenticated by design, but behind the Host/Origin guard like every path (a foreign page
 * or a rebinding name gets 403 before this runs) and JSON-only (415 otherwise, so a cross-site
 * form cannot post it). A wrong, expired or spent code is 401 MCPSCOPE_ERR_SESSION_CODE_INVALID.
 */
export async function sessionCodeRoute(app: FastifyInstance, { codes, token }: { codes: SessionCodes; token: string }): Promise<void> {
  app.post(SESSION_CODE_PATH, async (request) => {
    const body = request.body as { code?: unknown } | undefined;
    const code = body !== null && typeof body === 'object' ? body.code : undefined;
    if (typeof code !== 'string' || code.length === 0 || code.length > 128) {
      throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', 'Expected {"code": "<the code from the URL>"}');
    }
    if (!codes.redeem(code)) {
      throw new ProxyError('MCPSCOPE_ERR_SESSION_CODE_INVALID', 'This code is unknown, expired or already used');
    }
    return { token };
  });
}
