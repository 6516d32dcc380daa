import type { FetchLike } from '@modelcontextprotocol/client';
import type { Finding } from '@mcpscope/protocol';
import { redact } from '@mcpscope/trace';
import { issuerFinding, resourceFinding, urlFindings } from './findings.js';
import { describeProof } from './dpop.js';
import { bufferedResponse, oauthAnswerName, readCapped } from './capped-oauth-response.js';

export type OAuthEmit = (step: string, detail: Record<string, unknown>) => void;

const EXTRA_SECRETS = ['client_assertion', 'assertion', 'subject_token', 'registration_access_token'];

function headersOf(h: Headers | Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(h).forEach((v, k) => (out[k] = v));
  return out;
}

/** Parses a form or JSON body so its secrets are redacted by key, not guessed from text. */
export function parseBody(text: string | undefined, contentType: string | undefined): unknown {
  if (!text) return undefined;
  try {
    if (contentType?.includes('json') || /^\s*[[{]/.test(text)) return JSON.parse(text) as unknown;
  } catch {
    /* fall through: keep text */
  }
  if (contentType?.includes('x-www-form-urlencoded') || /^[\w.-]+=/.test(text)) return Object.fromEntries(new URLSearchParams(text));
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}

/** Redacts an OAuth step's detail: credential keys, `code`, assertions, bearer tokens, query secrets. */
export function redactDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const scrub = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(scrub);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, EXTRA_SECRETS.includes(k) ? '[REDACTED]' : scrub(x)]));
  };
  return redact(scrub(detail), { oauth: true }) as Record<string, unknown>;
}

/** Names the spec step an authorization HTTP exchange belongs to. */
export function classifyStep(url: URL, method: string, body: unknown): string {
  const p = url.pathname;
  if (p.includes('/.well-known/oauth-protected-resource')) return 'protected-resource-metadata';
  if (p.includes('/.well-known/oauth-authorization-server') || p.includes('/.well-known/openid-configuration'))
    return 'authorization-server-metadata';
  const form = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (method === 'POST' && typeof form.grant_type === 'string') {
    if (form.grant_type === 'urn:ietf:params:oauth:grant-type:token-exchange') return 'idp-token-exchange';
    if (form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer') return 'token-jwt-bearer';
    return form.grant_type === 'authorization_code'
      ? 'token-exchange'
      : form.grant_type === 'refresh_token'
        ? 'token-refresh'
        : `token-${form.grant_type}`.replace(/_/g, '-');
  }
  if (method === 'POST' && Array.isArray(form.redirect_uris ?? form.grant_types)) return 'client-registration';
  if (method === 'PUT' && typeof form.client_id === 'string') return 'client-registration-update';
  if (method === 'POST' && typeof form.token === 'string') return 'revocation';
  return 'http';
}

/**
 * A fetch for the authorization requests (never the MCP traffic): every exchange becomes one
 * `oauth` event with the request, the response and the findings on it, redacted before it
 * leaves this function. Each answer is read here, at most MAX_OAUTH_RESPONSE_BYTES (an authorization
 * server streaming an endless document fails this request with the reason, memory stays bounded),
 * and handed on from memory: every OAuth fetch mcpscope or the SDK makes passes here.
 */
export function createOAuthFetch(base: FetchLike, serverUrl: URL, emit: OAuthEmit): FetchLike {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const requestHeaders = headersOf(init?.headers as Record<string, string> | undefined);
    const rawBody = typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined;
    const body = parseBody(rawBody, requestHeaders['content-type']);
    const step = classifyStep(url, method, body);
    const started = performance.now();
    const findings: Finding[] = urlFindings(url, serverUrl);
    // RFC 9449: a DPoP proof is shown decoded (header, claims, key thumbprint) with its request.
    const proof = requestHeaders.dpop ? await describeProof(requestHeaders.dpop) : undefined;
    const request = { method, url: url.href, headers: requestHeaders, body, ...(proof ? { dpopProof: proof } : {}) };
    try {
      const received = await base(input, init);
      const bytes = await readCapped(received, oauthAnswerName(step), url.origin + url.pathname);
      const res = bufferedResponse(received, bytes);
      const text = new TextDecoder().decode(bytes);
      const parsed = parseBody(text, res.headers.get('content-type') ?? undefined);
      if (res.ok && parsed && typeof parsed === 'object') {
        const doc = parsed as Record<string, unknown>;
        if (step === 'authorization-server-metadata') findings.push(...issuerFinding(expectedIssuer(url), doc.issuer));
        if (step === 'protected-resource-metadata') findings.push(...resourceFinding(serverUrl, doc.resource));
      }
      const response = { status: res.status, headers: headersOf(res.headers), body: parsed };
      emit(
        step,
        redactDetail({ request, response, durationMs: Math.round(performance.now() - started), ...(findings.length ? { findings } : {}) }),
      );
      return res;
    } catch (err) {
      emit(step, redactDetail({ request, error: (err as Error).message, ...(findings.length ? { findings } : {}) }));
      throw err;
    }
  };
}

/** The issuer a well-known URL was derived from (RFC 8414 §3.1 and OIDC Discovery §4). */
function expectedIssuer(url: URL): string {
  const p = url.pathname;
  const oauth = '/.well-known/oauth-authorization-server';
  const oidc = '/.well-known/openid-configuration';
  if (p.startsWith(oauth)) return url.origin + p.slice(oauth.length);
  if (p.startsWith(oidc)) return url.origin + p.slice(oidc.length);
  return url.origin + p.slice(0, p.indexOf(oidc));
}
