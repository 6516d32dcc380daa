/**
 * The per-launch token, and how the page gets it (the token stays in the page).
 * - `#code=CODE`: what the CLI opens in a browser. The code is single-use and short-lived; the
 *   page strips it from the address bar at once and exchanges it for the token
 *   (POST /api/session-code). The opener's argv and the browser's history only ever hold a
 *   spent code.
 * - `#token=TOKEN`: for scripts and tests that know the token (printed when stdout is not a
 *   terminal, or set with MCPSCOPE_TOKEN). Also stripped from the address bar.
 * Either way the token then lives in sessionStorage (it survives a reload of this tab and is
 * copied to a duplicated tab, not to a new one) and in memory.
 */
export const TOKEN_STORAGE_KEY = 'mcpscope.token';

export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/** What the address bar brought: a token, a code to exchange, or neither. */
export type LaunchFragment = { token: string } | { code: string } | null;

/** Reads `#token=` or `#code=` and removes both from the address bar (other parameters stay). */
export function takeFragment(env: TokenEnvironment): LaunchFragment {
  const params = new URLSearchParams(env.location.hash.replace(/^#/, ''));
  const token = params.get('token');
  const code = params.get('code');
  if (!params.has('token') && !params.has('code')) return null;
  params.delete('token');
  params.delete('code');
  const rest = params.toString();
  env.history.replaceState(env.history.state, '', `${env.location.pathname}${env.location.search}${rest ? `#${rest}` : ''}`);
  if (token) return { token };
  if (code) return { code };
  return null;
}

/** Returns the token from `#token=` (preferred) or from sessionStorage, or null. Ignores `#code=`. */
export function takeToken(env: TokenEnvironment): string | null {
  const fragment = takeFragment(env);
  if (fragment && 'token' in fragment) {
    safe(() => env.storage.setItem(TOKEN_STORAGE_KEY, fragment.token));
    return fragment.token;
  }
  return storedToken(env);
}

export type ResolvedToken = { token: string } | { token: null; reason: 'none' | 'code-refused' };

/**
 * The token for this page: from `#token=`, else by exchanging `#code=` (a code that is refused,
 * e.g. already used, falls back to a token this tab already had), else from sessionStorage.
 */
export async function resolveToken(env: TokenEnvironment, exchange: (code: string) => Promise<string>): Promise<ResolvedToken> {
  const fragment = takeFragment(env);
  if (fragment && 'token' in fragment) {
    safe(() => env.storage.setItem(TOKEN_STORAGE_KEY, fragment.token));
    return { token: fragment.token };
  }
  if (fragment && 'code' in fragment) {
    try {
      const token = await exchange(fragment.code);
      safe(() => env.storage.setItem(TOKEN_STORAGE_KEY, token));
      return { token };
    } catch {
      const stored = storedToken(env);
      return stored ? { token: stored } : { token: null, reason: 'code-refused' };
    }
  }
  const stored = storedToken(env);
  return stored ? { token: stored } : { token: null, reason: 'none' };
}

/** Forgets a token the proxy rejected, so a reload does not retry it forever. */
export function forgetToken(env: Pick<TokenEnvironment, 'storage'>): void {
  safe(() => env.storage.removeItem(TOKEN_STORAGE_KEY));
}

export function browserTokenEnvironment(): TokenEnvironment {
  return { location: window.location, storage: window.sessionStorage, history: window.history };
}

function storedToken(env: Pick<TokenEnvironment, 'storage'>): string | null {
  return safe(() => env.storage.getItem(TOKEN_STORAGE_KEY)) ?? null;
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // storage disabled (privacy mode): the token still works for this page load
  }
}
