import type { FetchLike } from '@modelcontextprotocol/client';
import { isResourceNonceChallenge, isTokenNonceChallenge, type DpopKey } from './dpop.js';
import type { OAuthEmit } from './oauth-fetch.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

function requestOf(input: Parameters<FetchLike>[0], init: Parameters<FetchLike>[1]): { url: URL; method: string } {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return { url, method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase() };
}

function grantTypeOf(body: unknown): string | null {
  if (body instanceof URLSearchParams) return body.get('grant_type');
  if (typeof body === 'string' && /(^|&)grant_type=/.test(body)) return new URLSearchParams(body).get('grant_type');
  return null;
}

/**
 * The authorization server side (RFC 9449 §5, §8): every token request (any grant but the
 * cross-app IdP's token exchange) carries a fresh proof; a 400 `use_dpop_nonce` with a
 * `DPoP-Nonce` is retried once with a new proof holding that nonce. It wraps the recording
 * OAuth fetch, so both attempts are `oauth` events with the proof they sent.
 */
export function dpopTokenFetch(inner: FetchLike, key: () => Promise<DpopKey>, emit: OAuthEmit): FetchLike {
  return async (input, init) => {
    const { url, method } = requestOf(input, init);
    const grant = method === 'POST' ? grantTypeOf(init?.body) : null;
    if (!grant || grant === TOKEN_EXCHANGE) return inner(input, init);
    const dpop = await key();
    const send = async (): Promise<Response> => {
      const headers = new Headers(init?.headers);
      headers.set('DPoP', await dpop.proof({ htm: 'POST', htu: url }));
      return inner(input, { ...init, headers });
    };
    let res = await send();
    dpop.observe(res, url);
    if (await isTokenNonceChallenge(res)) {
      emit('dpop-nonce', { server: 'authorization', url: url.origin + url.pathname, retried: true });
      await res.body?.cancel().catch(() => undefined);
      res = await send();
      dpop.observe(res, url);
    }
    return res;
  };
}

/** The access token the runner holds, and whether the AS bound it to the DPoP key (`token_type: DPoP`). */
export type CurrentToken = () => { access_token?: string; token_type?: string } | undefined;

/**
 * The resource server side (RFC 9449 §7.1, §9), under the MCP transport's fetch: a request the
 * SDK authorized with `Bearer <token>` for a DPoP-bound token goes out as `DPoP <token>` with a
 * fresh proof (`ath` = that token's hash, the server's nonce once known); a 401 `use_dpop_nonce`
 * challenge is retried once with a new proof. A Bearer token (the AS did not bind it) passes as is.
 */
export function dpopResourceFetch(inner: FetchLike, key: () => Promise<DpopKey>, current: CurrentToken, emit: OAuthEmit): FetchLike {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const auth = headers.get('authorization');
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const held = current();
    if (!token || held?.access_token !== token || held.token_type?.toLowerCase() !== 'dpop') return inner(input, init);
    const { url, method } = requestOf(input, init);
    const dpop = await key();
    const send = async (): Promise<Response> => {
      const h = new Headers(headers);
      h.set('Authorization', `DPoP ${token}`);
      h.set('DPoP', await dpop.proof({ htm: method, htu: url, accessToken: token }));
      return inner(input, { ...init, headers: h });
    };
    let res = await send();
    dpop.observe(res, url);
    if (isResourceNonceChallenge(res)) {
      emit('dpop-nonce', { server: 'resource', url: url.origin + url.pathname, retried: true });
      await res.body?.cancel().catch(() => undefined);
      res = await send();
      dpop.observe(res, url);
    }
    return res;
  };
}

/** One key per runner, made on first use (generating an RSA key takes a moment). */
export function lazyKey(make: () => Promise<DpopKey>): () => Promise<DpopKey> {
  let key: Promise<DpopKey> | undefined;
  return () =>
    (key ??= make().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));
}
