/**
 * The per-launch token. The CLI opens `http://127.0.0.1:PORT/#token=TOKEN`: the fragment never
 * reaches a server log or a Referer header. We move it to sessionStorage (it survives a reload
 * of this tab, not a new tab) and strip it from the address bar so it is not bookmarked or
 * shared in a screenshot.
 */
export const TOKEN_STORAGE_KEY = 'mcpscope.token';

export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/** Returns the token from `#token=` (preferred) or from sessionStorage, or null. */
export function takeToken(env: TokenEnvironment): string | null {
  const hash = env.location.hash.replace(/^#/, '');
  const params = new URLSearchParams(hash);
  const fromHash = params.get('token');
  if (fromHash) {
    safe(() => env.storage.setItem(TOKEN_STORAGE_KEY, fromHash));
    params.delete('token');
    const rest = params.toString();
    const url = `${env.location.pathname}${env.location.search}${rest ? `#${rest}` : ''}`;
    env.history.replaceState(env.history.state, '', url);
    return fromHash;
  }
  return safe(() => env.storage.getItem(TOKEN_STORAGE_KEY)) ?? null;
}

/** Forgets a token the proxy rejected, so a reload does not retry it forever. */
export function forgetToken(env: Pick<TokenEnvironment, 'storage'>): void {
  safe(() => env.storage.removeItem(TOKEN_STORAGE_KEY));
}

export function browserTokenEnvironment(): TokenEnvironment {
  return { location: window.location, storage: window.sessionStorage, history: window.history };
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // storage disabled (privacy mode): the token still works for this page load
  }
}
