import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh per-launch token: 32 random bytes, base64url (43 characters, URL-safe). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so that neither the length nor the
 * content of the expected token leaks through timing.
 */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
