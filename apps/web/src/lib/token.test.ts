import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, forgetToken, resolveToken, takeToken, type TokenEnvironment } from './token';

function env(hash: string, stored: string | null = null) {
  const store = new Map<string, string>();
  if (stored !== null) store.set(TOKEN_STORAGE_KEY, stored);
  const replaced: string[] = [];
  const e: TokenEnvironment = {
    location: { hash, pathname: '/', search: '' },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    history: { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) },
  };
  return { e, store, replaced };
}

describe('takeToken', () => {
  it('reads the fragment, stores it and strips it from the address bar', () => {
    const { e, store, replaced } = env('#token=abc123');
    expect(takeToken(e)).toBe('abc123');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/']);
  });

  it('keeps other fragment parameters', () => {
    const { e, replaced } = env('#token=t&tab=frames');
    expect(takeToken(e)).toBe('t');
    expect(replaced).toEqual(['/#tab=frames']);
  });

  it('falls back to sessionStorage after a reload', () => {
    const { e, replaced } = env('', 'saved');
    expect(takeToken(e)).toBe('saved');
    expect(replaced).toEqual([]);
  });

  it('prefers a new fragment token over a stored one', () => {
    expect(takeToken(env('#token=new', 'old').e)).toBe('new');
  });

  it('returns null without a token', () => {
    expect(takeToken(env('').e)).toBeNull();
  });

  it('forgets a rejected token', () => {
    const { e, store } = env('', 'bad');
    forgetToken(e);
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
  });
});

describe('resolveToken (#code=: a single-use code, never the token, in the URL)', () => {
  it('strips the code from the address bar before exchanging it, then stores the token', async () => {
    const { e, store, replaced } = env('#code=c0de&tab=frames');
    const seen: string[] = [];
    const r = await resolveToken(e, async (code) => {
      seen.push(`${code} after ${replaced.join(',')}`);
      return 'the-token';
    });
    expect(r).toEqual({ token: 'the-token' });
    expect(seen).toEqual(['c0de after /#tab=frames']);
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('the-token');
  });

  it('says so when the code is refused and the tab has no token', async () => {
    const { e, store, replaced } = env('#code=spent');
    expect(await resolveToken(e, () => Promise.reject(new Error('401')))).toEqual({ token: null, reason: 'code-refused' });
    expect(replaced).toEqual(['/']);
    expect(store.size).toBe(0);
  });

  it('keeps the token a tab already has when an old code is refused (a reload never re-sends the code)', async () => {
    expect(await resolveToken(env('#code=spent', 'kept').e, () => Promise.reject(new Error('401')))).toEqual({ token: 'kept' });
  });

  it('still takes #token= (scripts, tests) and sessionStorage, without an exchange', async () => {
    const never = () => Promise.reject(new Error('no exchange expected'));
    expect(await resolveToken(env('#token=t').e, never)).toEqual({ token: 't' });
    expect(await resolveToken(env('', 'saved').e, never)).toEqual({ token: 'saved' });
    expect(await resolveToken(env('').e, never)).toEqual({ token: null, reason: 'none' });
  });
});
