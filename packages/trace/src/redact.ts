import type { SessionEvent } from '@mcpscope/protocol';

export const REDACTED = '[REDACTED]';

export interface RedactOptions {
  /**
   * Also redact `code` keys (OAuth authorization codes). Off by default because `code` is an
   * ordinary field elsewhere (JSON-RPC error codes, exit codes).
   */
  oauth?: boolean;
}

/** Compared after lower-casing and dropping `-` and `_`, so `api_key`, `apiKey`, `API-Key` match. */
const SECRET_KEYS = new Set([
  // HTTP headers that carry credentials. Mcp-Session-Id is deliberately kept: it is needed
  // to debug and is not a credential.
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'xapikey',
  // OAuth / generic credential fields.
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'clientsecret',
  'codeverifier',
  'password',
  'token',
  'apikey',
]);

const QUERY_SECRETS = ['code', 'access_token', 'refresh_token', 'id_token', 'token', 'client_secret', 'code_verifier'];
const QUERY_PATTERN = new RegExp(`([?&#](?:${QUERY_SECRETS.join('|')})=)[^&#\\s"'<>]*`, 'gi');
// A token68 after "Bearer" — but not an auth-param of a challenge (WWW-Authenticate:
// Bearer resource_metadata="…", error="insufficient_scope"), which carries no secret.
const BEARER_PATTERN = /\b(Bearer)\s+(?![A-Za-z0-9_-]+=")[A-Za-z0-9\-._~+/]+=*/gi;
const JSON_SECRET_PATTERN =
  /("(?:access_token|refresh_token|id_token|client_secret|code_verifier|password|api_key|apiKey)"\s*:\s*")(?:[^"\\]|\\.)*(")/g;

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

function isSecretKey(key: string, options: RedactOptions): boolean {
  const k = normalizeKey(key);
  return SECRET_KEYS.has(k) || (options.oauth === true && k === 'code');
}

/** Scrubs secrets that hide inside free text: bearer tokens, URL query params, JSON snippets. */
export function redactString(text: string): string {
  if (text.length === 0) return text;
  return text
    .replace(BEARER_PATTERN, `$1 ${REDACTED}`)
    .replace(QUERY_PATTERN, `$1${REDACTED}`)
    .replace(JSON_SECRET_PATTERN, `$1${REDACTED}$2`);
}

function redactSecretValue(value: unknown, options: RedactOptions): unknown {
  if (typeof value === 'string' || typeof value === 'number') return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactSecretValue(v, options));
  return redactValue(value, options);
}

function redactValue(value: unknown, options: RedactOptions): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, options));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = isSecretKey(key, options) ? redactSecretValue(v, options) : redactValue(v, options);
  }
  return out;
}

/**
 * Returns a copy of `value` with credentials replaced by "[REDACTED]": credential headers and
 * JSON keys (see SECRET_KEYS), bearer tokens and secret URL query params inside strings.
 * Never mutates the input.
 */
export function redact<T>(value: T, options: RedactOptions = {}): T {
  return redactValue(value, options) as T;
}

/** Redacts one session event; `code` is treated as a secret inside oauth events only. */
export function redactEvent<E extends SessionEvent>(event: E): E {
  return redact(event, { oauth: event.type === 'oauth' });
}
