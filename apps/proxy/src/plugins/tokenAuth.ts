import fp from 'fastify-plugin';
import { ProxyError } from '../errors.js';
import { protectedKind } from '../paths.js';
import { tokensEqual } from '../token.js';
import { SESSION_CODE_PATH } from './sessionCode.js';

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The per-launch token: `/api/*` needs `Authorization: Bearer <token>`; `/ws` needs
 * `?token=<token>` (browsers cannot set headers on a WebSocket) or the same header.
 * Everything else (the SPA's files) is public. The token reaches the page either in the URL
 * fragment (`#token=`, for scripts and tests) or through `#code=` and the one exempt route,
 * `POST /api/session-code` (matched by its route pattern and method, so no other path or
 * method slips through; see sessionCode.ts).
 */
export const tokenAuth = fp<{ token: string }>(
  async (app, { token }) => {
    app.addHook('onRequest', async (request) => {
      const kind = protectedKind(request);
      if (kind === undefined) return;
      if (request.method === 'POST' && request.routeOptions.url === SESSION_CODE_PATH) return;
      let given = bearer(request.headers.authorization);
      if (given === undefined && kind === 'ws') {
        const query = request.query as Record<string, unknown> | undefined;
        if (typeof query?.token === 'string') given = query.token;
      }
      if (given === undefined || !tokensEqual(given, token)) {
        throw new ProxyError('MCPSCOPE_ERR_UNAUTHORIZED', 'Missing or wrong token');
      }
    });
  },
  { name: 'mcpscope-token-auth', dependencies: ['mcpscope-host-guard'] },
);
