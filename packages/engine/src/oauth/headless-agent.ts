import type { FetchLike } from '@modelcontextprotocol/client';
import type { CallbackParams, UserAgent } from './types.js';
import type { OAuthEmit } from './oauth-fetch.js';
import { readCapped } from './capped-oauth-response.js';

const MAX_HOPS = 20;

/** Reads the redirect's query (and fragment) into CallbackParams. */
export function callbackParams(url: URL): CallbackParams {
  const q = url.searchParams;
  const pick = (k: string) => q.get(k) ?? undefined;
  return { code: pick('code'), state: pick('state'), iss: pick('iss'), error: pick('error'), error_description: pick('error_description') };
}

/**
 * `--oauth-headless`: follows the authorization server's redirect chain with fetch and a cookie
 * jar, as a browser would, until it reaches the redirect URI. Only auto-approving servers (test
 * and CI setups) end there; a login page that needs a human fails with its URL.
 */
export function headlessUserAgent(fetchFn: FetchLike = fetch, emit?: OAuthEmit): UserAgent {
  return async (authorizationUrl, redirectUrl) => {
    const jar = new Map<string, Map<string, string>>();
    let url = authorizationUrl;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (url.href.startsWith(redirectUrl)) return callbackParams(url);
      const cookies = jar.get(url.host);
      const headers: Record<string, string> = {};
      if (cookies?.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetchFn(url, { redirect: 'manual', headers });
      for (const line of res.headers.getSetCookie?.() ?? []) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq < 1) continue;
        const host = jar.get(url.host) ?? new Map<string, string>();
        host.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        jar.set(url.host, host);
      }
      // An error page is read for its reason, never more than the OAuth cap.
      const page = res.status >= 400 ? await readCapped(res, 'authorization page', url.origin + url.pathname) : undefined;
      const text = page
        ? new TextDecoder()
            .decode(page)
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .slice(0, 300)
        : '';
      if (!text) await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      emit?.('user-agent', {
        request: { method: 'GET', url: url.href },
        response: { status: res.status, headers: { location: location ?? '' } },
      });
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(
          `Headless authorization stopped at ${url.origin}${url.pathname} (HTTP ${res.status}${text ? `: ${text}` : ''}): the server needs a person; use --oauth`,
        );
      }
      url = new URL(location, url);
    }
    throw new Error(`Headless authorization gave up after ${MAX_HOPS} redirects`);
  };
}
