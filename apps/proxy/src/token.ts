import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh per-launch token: 32 random bytes, base64url (43 characters, URL-safe). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so that neither the length nor the
 * content of the expected token leaks through timing.
 */
export function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), digestOf(expected));
}

function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer') as unknown as Buffer;
}

/** The expected side's digest, kept while it stays the same (every API request checks the one token). */
let lastExpected: string | undefined;
let lastDigest: Buffer | undefined;
function digestOf(expected: string): Buffer {
  if (expected !== lastExpected || !lastDigest) {
    lastDigest = sha256(expected);
    lastExpected = expected;
  }
  return lastDigest;
}

/** How long a browser-open code stays valid: long enough for a browser to start, no longer. */
export const SESSION_CODE_TTL_MS = 60_000;
/** Codes waiting at once; minting more drops the oldest (a loop cannot grow memory). */
const MAX_PENDING_CODES = 32;

/**
 * Single-use, short-lived codes that a page exchanges for the token (POST /api/session-code).
 * The CLI puts a code, never the token, in the URL it hands to the browser: that URL sits in
 * the argv of `xdg-open` and the browser (readable by any local user with `ps`) and in the
 * browser's history, so it only ever holds a code that is spent within seconds.
 * Expiry reads Date.now() so that tests can drive it with fake timers.
 */
export class SessionCodes {
  private pending: Array<{ code: string; expiresAt: number }> = [];

  constructor(private readonly ttlMs: number = SESSION_CODE_TTL_MS) {}

  /** A fresh code: 16 random bytes (128 bits), base64url (22 characters). */
  mint(): string {
    const code = randomBytes(16).toString('base64url');
    this.pending.push({ code, expiresAt: Date.now() + this.ttlMs });
    if (this.pending.length > MAX_PENDING_CODES) this.pending.shift();
    return code;
  }

  /**
   * True once for a code that was minted and has not expired; the code is spent either way.
   * Every pending code is compared (constant time each), so timing does not tell which matched.
   */
  redeem(given: string): boolean {
    const now = Date.now();
    this.pending = this.pending.filter((p) => p.expiresAt > now);
    let match = -1;
    this.pending.forEach((p, i) => {
      if (tokensEqual(given, p.code) && match === -1) match = i;
    });
    if (match === -1) return false;
    this.pending.splice(match, 1);
    return true;
  }

  get size(): number {
    return this.pending.length;
  }
}
