/**
 * Redaction by value: the secrets the user handed to a session (env vars,
 * headers, a bearer token, OAuth client secrets) are replaced wherever they show up, because a
 * server may echo them anywhere (stderr, a tool result, an error message, a raw line).
 */

export const REDACTED = '[REDACTED]';

/** Shortest value ever treated as a secret: `1`, `true`, `info` and the like never are. */
export const MIN_SECRET_LENGTH = 8;

/** The parts of a session config that can carry secrets (structural: the engine's SessionConfig fits). */
export interface SecretSource {
  /** An HTTP target: its `user:password@` and secret-looking query parameters count. */
  url?: string;
  env?: Readonly<Record<string, string>>;
  headers?: Readonly<Record<string, string>>;
  bearerToken?: string;
  oauth?: {
    clientSecret?: string;
    crossApp?: { idToken?: string; idpClientSecret?: string };
    privateKeyJwk?: Readonly<Record<string, unknown>>;
  };
}

/** Name parts that mark an env var as secret (compared per `_`/`-`/camelCase word, case-insensitive). */
const SECRET_NAME_WORDS = new Set([
  'KEY',
  'KEYS',
  'APIKEY',
  'TOKEN',
  'TOKENS',
  'SECRET',
  'SECRETS',
  'PASSWORD',
  'PASSWORDS',
  'PASSWD',
  'PASS',
  'PASSPHRASE',
  'PWD',
  'AUTH',
  'CREDENTIAL',
  'CREDENTIALS',
  'CREDS',
  'PRIVATE',
  'SESSION',
  'COOKIE',
  'COOKIES',
]);
/** A word glued to one of these (`GHTOKEN`, `APIKEY`, `DBPASSWORD`) counts too. */
const SECRET_NAME_SUFFIX = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD)$/;

/** Headers that describe the request rather than authenticate it. */
const BENIGN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'host',
  'mcp-protocol-version',
  'origin',
  'pragma',
  'referer',
  'user-agent',
]);

/** Values that are configuration words, never credentials, whatever the variable is called. */
const COMMON_WORDS =
  /^(true|false|yes|no|on|off|null|none|undefined|enabled|disabled|production|development|staging|localhost|debug|verbose|warning|error)$/i;
/** Filesystem paths (PWD, OLDPWD, *_KEY_FILE=/etc/…): the file may be secret, its name is not. */
const PATH_LIKE = /^(~|\.{1,2})?[/\\]|^[A-Za-z]:[/\\]/;
/** Well-known credential prefixes (OpenAI/Anthropic, GitHub, Slack, AWS, GitLab, Google, Stripe, JWT). */
const CREDENTIAL_PREFIX = /^(sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|xox[abposr]-|AKIA|ASIA|glpat-|AIza|eyJ)/;
/** user:password@ in a URL (DATABASE_URL=postgres://app:…@db). */
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:([^@/\s]+)@/i;

function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/** Whether an env var's NAME says it holds a secret (API_KEY, githubToken, DB_PASSWORD, SESSION_ID…). */
export function isSecretName(name: string): boolean {
  return nameWords(name).some((w) => SECRET_NAME_WORDS.has(w) || SECRET_NAME_SUFFIX.test(w));
}

/** Too short, a path or a configuration word: never treated as a secret. */
export function neverSecret(value: string): boolean {
  const v = value.trim();
  return v.length < MIN_SECRET_LENGTH || PATH_LIKE.test(v) || COMMON_WORDS.test(v);
}

function entropyPerChar(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / value.length) * Math.log2(n / value.length);
  return bits;
}

/** Bits a character a token must show to count as random (letters, digits and a few symbols can show ~6). */
const TOKEN_MIN_ENTROPY = 3.5;
/**
 * The same for a token of hex digits only (an API key, a session id, a digest): hex shows at most
 * 4 bits a character, and a random one repeats enough of its 16 to fall below 3.5 often (9 in 10
 * at 16 digits, half at 24, 1 in 5 at 32). Below 2.5 it is a pattern, not a key (1 in 600 random
 * 16-digit ones fall there).
 */
const HEX_MIN_ENTROPY = 2.5;

/** Whether a VALUE looks like a credential whatever its name: a known prefix, or a long random token. */
export function looksLikeCredential(value: string): boolean {
  if (value.length < 16 || /\s/.test(value) || neverSecret(value)) return false;
  if (CREDENTIAL_PREFIX.test(value)) return true;
  if (!/^[A-Za-z0-9+/=_.~-]+$/.test(value) || !/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  return entropyPerChar(value) >= (/^[0-9a-f]+$/i.test(value) ? HEX_MIN_ENTROPY : TOKEN_MIN_ENTROPY);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A set of secret strings and one pass that replaces each occurrence of any of them. */
export class SecretValues {
  static readonly EMPTY = new SecretValues([]);
  /** The forms searched for, longest first (so a secret containing another is replaced whole). */
  readonly values: readonly string[];
  readonly #pattern?: RegExp;
  readonly #numbers: ReadonlySet<string>;
  /**
   * A form starts with a low or ends with a high surrogate: JSON.stringify escapes a surrogate
   * only when it is unpaired, and these may be paired by the text around the secret.
   */
  readonly #surrogates: boolean;

  constructor(secrets: Iterable<string>) {
    const forms = new Set<string>();
    for (const raw of secrets) {
      const value = raw.trim();
      if (neverSecret(value)) continue;
      forms.add(value);
      // The same secret as it appears inside JSON text (a raw frame) or a URL.
      forms.add(JSON.stringify(value).slice(1, -1));
      const encoded = safeEncode(value);
      if (encoded) forms.add(encoded);
      // Each line of a multi-line secret (a PEM key printed line by line).
      for (const line of value.split(/\r?\n/)) if (line.trim().length >= 16) forms.add(line.trim());
    }
    this.values = [...forms].sort((a, b) => b.length - a.length);
    this.#pattern = this.values.length > 0 ? new RegExp(this.values.map(escapeRegExp).join('|'), 'g') : undefined;
    this.#numbers = new Set(this.values.filter((v) => /^\d+$/.test(v)));
    this.#surrogates = this.values.some((v) => /^[\udc00-\udfff]|[\ud800-\udbff]$/.test(v));
  }

  get isEmpty(): boolean {
    return this.values.length === 0;
  }

  /** `text` with every occurrence of a secret replaced by "[REDACTED]" (the same string when none occurs). */
  redact(text: string): string {
    if (!this.#pattern || text.length < MIN_SECRET_LENGTH) return text;
    this.#pattern.lastIndex = 0;
    return this.#pattern.test(text) ? text.replace(this.#pattern, REDACTED) : text;
  }

  /**
   * false when no string, key or number of a value can hold a secret, judged on the value's
   * JSON.stringify text `json` (redact.ts mayRedact). A secret inside a string occurs in the text
   * as itself (none of its characters escaped) or as its JSON-escaped form (escaping `"`, `\`
   * and control characters, and of a surrogate inside the secret, does not depend on the text
   * around it), and both forms are searched; a numeric secret is written as its digits. Only a
   * surrogate at a secret's edge may be escaped or not depending on its neighbours: with such a
   * secret, always true.
   */
  mayOccurIn(json: string): boolean {
    if (!this.#pattern) return false;
    if (this.#surrogates) return true;
    this.#pattern.lastIndex = 0;
    return this.#pattern.test(json);
  }

  /** A numeric secret (a PIN-like password) echoed as a JSON number. */
  matchesNumber(value: number): boolean {
    return this.#numbers.size > 0 && this.#numbers.has(String(value));
  }
}

/** The secret in an Authorization-style value: `Bearer x` → x (and the whole value). */
function credentialParts(value: string): string[] {
  const m = /^[A-Za-z][A-Za-z0-9-]*\s+(\S.*)$/.exec(value.trim());
  return m ? [value, m[1]] : [value];
}

/** JWK members that are private key material (RFC 7518 §6.2.2, §6.3.2, §6.4.1). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

/**
 * The secrets of a session config: every header value except descriptive headers (Accept,
 * Content-Type, …; `Bearer x` counts as x), the bearer token, OAuth client secrets and private
 * key members, every env var whose name looks secret or whose value looks like a credential,
 * passwords inside URLs, and secret query parameters of the target URL. Values shorter than 8 characters, paths and configuration words
 * never count.
 */
export function secretValuesFrom(config: SecretSource): SecretValues {
  const out: string[] = [];
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    if (typeof value === 'string' && !BENIGN_HEADERS.has(name.toLowerCase())) out.push(...credentialParts(value));
  }
  for (const [name, value] of Object.entries(config.env ?? {})) {
    if (typeof value !== 'string') continue;
    if (isSecretName(name) || looksLikeCredential(value)) out.push(value);
    const url = URL_PASSWORD.exec(value);
    if (url) out.push(url[1], safeDecode(url[1]));
  }
  if (config.url) out.push(...urlSecrets(config.url));
  if (config.bearerToken) out.push(config.bearerToken);
  const oauth = config.oauth;
  if (oauth?.clientSecret) out.push(oauth.clientSecret);
  if (oauth?.crossApp?.idToken) out.push(oauth.crossApp.idToken);
  if (oauth?.crossApp?.idpClientSecret) out.push(oauth.crossApp.idpClientSecret);
  for (const member of PRIVATE_JWK_MEMBERS) {
    const v = oauth?.privateKeyJwk && Object.hasOwn(oauth.privateKeyJwk, member) ? oauth.privateKeyJwk[member] : undefined;
    if (typeof v === 'string') out.push(v);
  }
  return out.length === 0 ? SecretValues.EMPTY : new SecretValues(out);
}

/** `?api_key=…&token=…` in a target URL: values of secret-named or credential-looking parameters, and a URL password. */
function urlSecrets(url: string): string[] {
  const out: string[] = [];
  const password = URL_PASSWORD.exec(url);
  if (password) out.push(password[1], safeDecode(password[1]));
  const query = url.split('#')[0].split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [name = '', raw = ''] = pair.split('=');
    const value = safeDecode(raw.replace(/\+/g, ' '));
    if (isSecretName(safeDecode(name)) || looksLikeCredential(value)) out.push(raw, value);
  }
  return out;
}

/** encodeURIComponent, or undefined for text it refuses (a lone surrogate). */
function safeEncode(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
