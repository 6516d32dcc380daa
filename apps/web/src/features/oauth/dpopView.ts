import type { OAuthEvent } from '@mcpscope/protocol';
import { formatDateTime } from '../../lib/format';

/** One row of a decoded DPoP proof: the field, its value as text, and what RFC 9449 makes of it. */
export interface DpopRow {
  name: string;
  value: string;
  meaning: string;
}

/** A DPoP proof (RFC 9449 §4.2) as the OAuth step shows it: header and claims rows, the key's thumbprint. */
export interface DpopProofView {
  header: DpopRow[];
  claims: DpopRow[];
  thumbprint?: string;
  /** A server-supplied nonce went into this proof (RFC 9449 §8, §9). */
  nonce?: string;
}

const HEADER: Record<string, string> = {
  typ: 'must be dpop+jwt',
  alg: 'asymmetric signature algorithm (never none or a MAC)',
  jwk: 'the public key; the server verifies the proof with it',
};
const CLAIMS: Record<string, string> = {
  jti: 'unique per proof: never reused',
  htm: 'the HTTP method of this request',
  htu: 'the URL of this request, without query and fragment',
  iat: 'when the proof was made',
  ath: 'SHA-256 of the access token it accompanies',
  nonce: 'the value the server supplied in DPoP-Nonce',
};

const MAX_TEXT = 2000;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
}

/** Own keys only, known ones first (events may come from a trace file: hostile input). */
function rows(
  obj: Record<string, unknown>,
  meanings: Record<string, string>,
  format: (k: string, v: unknown) => string = (_k, v) => text(v),
): DpopRow[] {
  const keys = Object.keys(obj);
  const known = Object.keys(meanings).filter((k) => keys.includes(k));
  return [...known, ...keys.filter((k) => !known.includes(k))]
    .slice(0, 32)
    .map((k) => ({ name: k, value: format(k, obj[k]), meaning: Object.hasOwn(meanings, k) ? meanings[k]! : '' }));
}

/** The proof the engine decoded onto an OAuth step's request (`detail.request.dpopProof`), if any. */
export function dpopProofOf(event: OAuthEvent): DpopProofView | undefined {
  const request = isObject(event.detail) ? event.detail.request : undefined;
  const proof = isObject(request) && Object.hasOwn(request, 'dpopProof') ? request.dpopProof : undefined;
  if (!isObject(proof) || !isObject(proof.header) || !isObject(proof.claims)) return undefined;
  const claims = proof.claims;
  return {
    header: rows(proof.header, HEADER),
    claims: rows(claims, CLAIMS, (k, v) => (k === 'iat' && typeof v === 'number' ? `${v} (${formatDateTime(v * 1000)})` : text(v))),
    ...(typeof proof.thumbprint === 'string' ? { thumbprint: proof.thumbprint.slice(0, 128) } : {}),
    ...(typeof claims.nonce === 'string' ? { nonce: claims.nonce.slice(0, 256) } : {}),
  };
}
