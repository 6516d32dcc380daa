import { createHash, randomUUID } from 'node:crypto';
import type { CryptoKey, JWK } from 'jose';

/** jose is loaded on first use: only a DPoP flow needs it, not every command that imports the engine. */
const jose = () => import('jose');

/**
 * DPoP (RFC 9449; MCP's SEP-1932 profile): a key pair per OAuth runner, a fresh proof JWT per
 * HTTP request (`typ: dpop+jwt`, the public `jwk` in the header, `jti`, `htm`, `htu`, `iat`,
 * `ath` with an access token, `nonce` once a server supplied one), and the server nonces
 * remembered per origin (RFC 9449 §8 for the authorization server, §9 for the resource server).
 */

/** RFC 9449 §11.6: asymmetric algorithms only (never `none` or a MAC). */
export const DPOP_ALGS = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA'] as const;
export type DpopAlg = (typeof DPOP_ALGS)[number];

/** How a runner signs its proofs: a fresh key of `alg` (default ES256) or the user's private JWK. */
export interface DpopConfig {
  alg?: DpopAlg;
  /** A private JWK with `alg` (kept for the session: refresh tokens of public clients are bound to it). */
  privateKeyJwk?: Record<string, unknown>;
}

/** A proof as shown to the user: its header and claims (no secret in either) and the key's thumbprint. */
export interface DpopProofInfo {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** RFC 7638 SHA-256 thumbprint of the header's `jwk`: what the AS binds as the token's `cnf.jkt`. */
  thumbprint?: string;
}

/** Members that make a JWK private (RFC 7518 §6); the proof header carries the public key only. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const isDpopAlg = (v: unknown): v is DpopAlg => typeof v === 'string' && (DPOP_ALGS as readonly string[]).includes(v);

/** RFC 9449 §4.2: `htu` is the request URI without query and fragment. */
export function htuOf(url: string | URL): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** RFC 9449 §4.2 `ath`: base64url SHA-256 of the ASCII access token. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

export class DpopKey {
  /** The newest nonce each origin supplied (RFC 9449 §8.2: any response may carry a fresh one). */
  private readonly nonces = new Map<string, string>();

  private constructor(
    private readonly privateKey: CryptoKey,
    readonly publicJwk: JWK,
    readonly alg: DpopAlg,
    readonly thumbprint: string,
  ) {}

  /** A new key pair; the private key is not extractable (RFC 9449 §11.1). */
  static async generate(alg: DpopAlg = 'ES256'): Promise<DpopKey> {
    const { calculateJwkThumbprint, exportJWK, generateKeyPair } = await jose();
    const { privateKey, publicKey } = await generateKeyPair(alg);
    const publicJwk = await exportJWK(publicKey);
    return new DpopKey(privateKey, publicJwk, alg, await calculateJwkThumbprint(publicJwk, 'sha256'));
  }

  /** The user's key: a private JWK whose `alg` is an asymmetric JWS algorithm. */
  static async fromJwk(jwk: Record<string, unknown>): Promise<DpopKey> {
    const alg = jwk.alg;
    if (!isDpopAlg(alg)) throw new Error(`The DPoP key's "alg" must be one of ${DPOP_ALGS.join(', ')} (RFC 9449 §11.6)`);
    if (typeof jwk.d !== 'string') throw new Error('The DPoP key must be a private JWK (with "d")');
    const { calculateJwkThumbprint, importJWK } = await jose();
    const privateKey = (await importJWK(jwk as JWK, alg)) as CryptoKey;
    const publicJwk = Object.fromEntries(
      Object.entries(jwk).filter(([k]) => !PRIVATE_MEMBERS.includes(k) && k !== 'key_ops' && k !== 'ext' && k !== 'use'),
    ) as JWK;
    return new DpopKey(privateKey, publicJwk, alg, await calculateJwkThumbprint(publicJwk, 'sha256'));
  }

  static async create(config: DpopConfig): Promise<DpopKey> {
    return config.privateKeyJwk ? DpopKey.fromJwk(config.privateKeyJwk) : DpopKey.generate(config.alg);
  }

  nonceFor(url: string | URL): string | undefined {
    return this.nonces.get(new URL(url).origin);
  }

  /** Remembers a `DPoP-Nonce` from any response of `url`'s origin. */
  observe(response: Response, url: string | URL): void {
    const nonce = response.headers.get('dpop-nonce');
    // RFC 9449 §8.1: NQCHAR (visible ASCII but `"` and `\`); anything else is not a nonce.
    if (nonce && nonce.length <= 1024 && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(nonce)) this.nonces.set(new URL(url).origin, nonce);
  }

  /** A fresh proof for one request: never reused (a new `jti` each time, RFC 9449 §4.2). */
  async proof(request: { htm: string; htu: string | URL; accessToken?: string; nonce?: string }): Promise<string> {
    const nonce = request.nonce ?? this.nonceFor(request.htu);
    const claims: Record<string, unknown> = {
      jti: randomUUID(),
      htm: request.htm.toUpperCase(),
      htu: htuOf(request.htu),
      ...(request.accessToken !== undefined ? { ath: accessTokenHash(request.accessToken) } : {}),
      ...(nonce !== undefined ? { nonce } : {}),
    };
    const { SignJWT } = await jose();
    return new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: this.alg, jwk: this.publicJwk })
      .setIssuedAt()
      .sign(this.privateKey);
  }
}

/** Decodes a proof for display (no verification: it is ours, or it is shown as received). */
export async function describeProof(proof: string): Promise<DpopProofInfo | undefined> {
  try {
    const { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader } = await jose();
    const header = decodeProtectedHeader(proof) as Record<string, unknown>;
    const claims = decodeJwt(proof) as Record<string, unknown>;
    const jwk = header.jwk;
    const thumbprint =
      jwk && typeof jwk === 'object' ? await calculateJwkThumbprint(jwk as JWK, 'sha256').catch(() => undefined) : undefined;
    return { header, claims, ...(thumbprint ? { thumbprint } : {}) };
  } catch {
    return undefined;
  }
}

/** RFC 9449 §9: a 401 whose `WWW-Authenticate` carries a DPoP challenge with `error="use_dpop_nonce"`. */
export function isResourceNonceChallenge(response: Response): boolean {
  const challenge = response.headers.get('www-authenticate') ?? '';
  return (
    response.status === 401 &&
    /(^|,)\s*dpop(\s|,|$)/i.test(challenge) &&
    /error\s*=\s*"?use_dpop_nonce"?/i.test(challenge) &&
    response.headers.has('dpop-nonce')
  );
}

/** RFC 9449 §8: a 400 `use_dpop_nonce` error from the token endpoint, with the nonce to use. */
export async function isTokenNonceChallenge(response: Response): Promise<boolean> {
  if (response.status !== 400 || !response.headers.has('dpop-nonce')) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: unknown } | undefined;
  return body?.error === 'use_dpop_nonce';
}
