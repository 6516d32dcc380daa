import { jsonTextTooDeep, MAX_JSON_DEPTH, type SessionEvent } from '@mcpscope/protocol';
import { mapJson, TOO_DEEP, type JsonMapper } from './json-walk.js';
import { REDACTED, type SecretValues } from './secret-values.js';

export { REDACTED };

export interface RedactOptions {
  /**
   * Also redact `code` keys (OAuth authorization codes). Off by default because `code` is an
   * ordinary field elsewhere (JSON-RPC error codes, exit codes).
   */
  oauth?: boolean;
  /** The session's own secrets (secretValuesFrom(config)), replaced wherever they occur, keys included. */
  secrets?: SecretValues;
}

/** Compared after lower-casing and dropping `-` and `_`, so `api_key`, `apiKey`, `API-Key` match. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
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

export const QUERY_SECRETS = ['code', 'access_token', 'refresh_token', 'id_token', 'token', 'client_secret', 'code_verifier'];
const QUERY_PATTERN = new RegExp(`([?&#](?:${QUERY_SECRETS.join('|')})=)[^&#\\s"'<>]*`, 'gi');
// A token68 after "Bearer" — but not an auth-param of a challenge (WWW-Authenticate:
// Bearer resource_metadata="…", error="insufficient_scope"), which carries no secret.
const BEARER_PATTERN = /\b(Bearer)\s+(?![A-Za-z0-9_-]+=")[A-Za-z0-9\-._~+/]+=*/gi;
export const JSON_SECRET_NAMES = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code_verifier',
  'password',
  'api_key',
  'apiKey',
];
const JSON_SECRET_PATTERN = new RegExp(`("(?:${JSON_SECRET_NAMES.join('|')})"\\s*:\\s*")(?:[^"\\\\]|\\\\.)*(")`, 'g');

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

function isSecretKey(key: string, options: RedactOptions): boolean {
  const k = normalizeKey(key);
  return SECRET_KEYS.has(k) || (options.oauth === true && k === 'code');
}

/** Characters each pattern needs (a cheap test first: most strings of a trace hold none of them). */
const MAYBE_BEARER = /bearer/i;

/** Scrubs secrets that hide inside free text: bearer tokens, URL query params, JSON snippets, and the session's own secrets. */
export function redactString(text: string, secrets?: SecretValues): string {
  if (text.length === 0) return text;
  let out = secrets ? secrets.redact(text) : text;
  if (MAYBE_BEARER.test(out)) out = out.replace(BEARER_PATTERN, `$1 ${REDACTED}`);
  if (out.includes('=')) out = out.replace(QUERY_PATTERN, `$1${REDACTED}`);
  if (out.includes('"')) out = out.replace(JSON_SECRET_PATTERN, `$1${REDACTED}$2`);
  return out;
}

function byValue(secrets: SecretValues | undefined): JsonMapper {
  if (!secrets || secrets.isEmpty) return {};
  return {
    string: (text) => secrets.redact(text),
    number: (n) => (secrets.matchesNumber(n) ? REDACTED : n),
    key: (key) => secrets.redact(key),
  };
}

function fullMapper(options: RedactOptions): JsonMapper {
  // Under a credential key strings and numbers are secrets, also inside arrays; objects there
  // are walked normally (e.g. a `token` object of a protocol message).
  const secretValue = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string' || typeof value === 'number') return REDACTED;
    if (!Array.isArray(value)) return mapJson(value, mapper, depth);
    return depth > MAX_JSON_DEPTH ? TOO_DEEP : value.map((v) => secretValue(v, depth + 1));
  };
  const mapper: JsonMapper = {
    ...byValue(options.secrets),
    string: (text) => redactString(text, options.secrets),
    member: (key, value, depth) => (isSecretKey(key, options) ? secretValue(value, depth) : undefined),
  };
  return mapper;
}

/**
 * Returns `value` with credentials replaced by "[REDACTED]": credential headers and JSON keys
 * (see SECRET_KEYS), bearer tokens and secret URL query params inside strings, and every
 * occurrence of `options.secrets`. Never mutates the input and never throws on hostile input:
 * every key survives as an own key (`__proto__` included) and a subtree nested deeper than
 * MAX_JSON_DEPTH becomes the string TOO_DEEP. Unchanged parts are shared with the input.
 */
export function redact<T>(value: T, options: RedactOptions = {}): T {
  return mapJson(value, fullMapper(options)) as T;
}

/**
 * Only the session's own secrets, by value (no key or pattern rules): for views that show what
 * the server sent (the /ws stream) but must not carry the user's credentials to another process.
 * Returns `value` itself when no secret occurs in it.
 */
export function redactSecretValues<T>(value: T, secrets: SecretValues): T {
  return secrets.isEmpty ? value : (mapJson(value, byValue(secrets)) as T);
}

/**
 * What must occur in a value's JSON text, lower-cased with `-` and `_` removed, for a key or
 * pattern rule to apply: every SECRET_KEYS name as a whole key, `"<name>":` (a key normalizes to
 * one exactly, and such a key has no character JSON escapes: `progressToken` is no `token`),
 * `bearer`, each QUERY_SECRETS name followed by `=`, each JSON_SECRET_NAMES name. Derived from
 * the rules; a mark that holds another one is left out (the shorter one occurs wherever it does).
 */
const RULE_MARKS = ((marks: string[]) => [...new Set(marks)].filter((m) => !marks.some((other) => other !== m && m.includes(other))))([
  ...[...SECRET_KEYS].map((key) => `"${key}":`),
  'bearer',
  ...QUERY_SECRETS.map((q) => `${normalizeKey(q)}=`),
  ...JSON_SECRET_NAMES.map(normalizeKey),
]);

/**
 * RULE_MARKS as one case-insensitive pattern over the text as it is, `-` and `_` allowed between
 * the characters of a mark: on ASCII text it finds exactly what searching the folded text finds
 * (half the time on a 1 KB event: no lower-cased copy, one scan). Text with any other character
 * is folded as before (`toLowerCase` maps some of them to ASCII letters, e.g. the Kelvin sign).
 */
const RULE_MARKS_ASCII = new RegExp(
  RULE_MARKS.map((mark) => [...mark].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[-_]*')).join('|'),
  'i',
);

const NON_ASCII = /[^\x00-\x7f]/;
/** Node's own UTF-8 count where there is one (this package also runs in the browser, where there is not). */
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
/**
 * Whether any character is outside ASCII. UTF-8 takes one byte per character exactly when all are
 * ASCII (a lone surrogate takes three), and Node counts that natively: ~10× a regex's scan of a
 * 1 KB event, which every recorded event pays.
 */
const hasNonAscii = (text: string): boolean => (nodeBuffer ? nodeBuffer.byteLength(text) !== text.length : NON_ASCII.test(text));

/**
 * false when redact(value, options) provably returns `value` itself, judged on `json`, the
 * value's JSON.stringify text (a cheap test on text the caller already has, instead of walking
 * every key and string); true when it may change something. Why a false is safe: JSON.stringify
 * writes letters, digits, `-`, `_`, `=`, `?`, `&`, `#` as themselves, so whatever a key or
 * pattern rule matches in a key or string (normalizeKey lower-cases and drops `-`/`_`; the
 * patterns need `bearer`, `<name>=`, `"<name>"`) also occurs in the text lower-cased with `-`/`_`
 * dropped (RULE_MARKS); a secret occurs in the text as itself or in its JSON-escaped form, both of
 * which SecretValues searches (SecretValues.mayOccurIn); a number is written as String(n); a
 * subtree deeper than MAX_JSON_DEPTH is visible in the text's nesting. `oauth` (every `code`)
 * always walks.
 */
export function mayRedact(json: string, options: RedactOptions = {}): boolean {
  if (options.oauth) return true;
  if (options.secrets?.mayOccurIn(json)) return true;
  if (hasNonAscii(json)) {
    const folded = json.toLowerCase().replace(/[-_]/g, '');
    for (const mark of RULE_MARKS) if (folded.includes(mark)) return true;
  } else if (RULE_MARKS_ASCII.test(json)) return true;
  // Nesting past MAX_JSON_DEPTH needs more `{`/`[` than that (counted with native searches; the exact scan only then).
  return opensMoreThan(json, MAX_JSON_DEPTH) && jsonTextTooDeep(json);
}

function opensMoreThan(json: string, max: number): boolean {
  if (json.length <= 2 * max) return false;
  let n = 0;
  for (const open of ['{', '[']) {
    for (let at = json.indexOf(open); at !== -1; at = json.indexOf(open, at + 1)) if (++n > max) return true;
  }
  return false;
}

/** Redacts one session event; `code` is treated as a secret inside oauth events only. */
export function redactEvent<E extends SessionEvent>(event: E, secrets?: SecretValues): E {
  return redact(event, { oauth: event.type === 'oauth', secrets });
}
