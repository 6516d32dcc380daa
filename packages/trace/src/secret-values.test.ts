import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';
import { isSecretName, looksLikeCredential, REDACTED, SecretValues, secretValuesFrom } from './secret-values.js';

describe('secretValuesFrom', () => {
  it('takes env vars by secret-looking name or credential-looking value, never short values, paths or words', () => {
    const s = secretValuesFrom({
      env: {
        API_KEY: 'plain-but-named-secret',
        githubToken: 'abcdefgh12',
        DB_PASSWORD: 'hunter2hunter2',
        UNRELATED: 'sk-proj-9f8e7d6c5b4a3210',
        RANDOM_BLOB: 'Zx81Kq0pLm7NvB42cR9t',
        DATABASE_URL: 'postgres://app:pg-pass-1234@db:5432/app',
        DEBUG: '1',
        HOME: '/home/someone',
        PWD: '/work/project',
        SESSION_MODE: 'production',
        AUTH_DISABLED: 'true',
        NODE_ENV: 'development',
        GIT_AUTHOR_NAME: 'Jane Example',
        LONG_WORDS: 'a sentence with words in it',
      },
    });
    expect(s.values).toEqual(
      expect.arrayContaining([
        'plain-but-named-secret',
        'abcdefgh12',
        'hunter2hunter2',
        'sk-proj-9f8e7d6c5b4a3210',
        'Zx81Kq0pLm7NvB42cR9t',
        'pg-pass-1234',
      ]),
    );
    for (const v of [
      '1',
      '/home/someone',
      '/work/project',
      'production',
      'true',
      'development',
      'Jane Example',
      'a sentence with words in it',
    ])
      expect(s.values).not.toContain(v);
    expect(s.redact('HOME=/home/someone DEBUG=1 mode=production')).toBe('HOME=/home/someone DEBUG=1 mode=production');
  });

  it('takes header values (without the auth scheme word), the bearer token and OAuth secrets; not descriptive headers', () => {
    const s = secretValuesFrom({
      headers: {
        Authorization: 'Bearer tok-abcdef-123456',
        'X-Api-Key': 'key-00000000',
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      bearerToken: 'another-bearer-token',
      oauth: { clientSecret: 'client-secret-xyz', privateKeyJwk: { kty: 'EC', d: 'private-d-member-value' } },
    });
    expect(s.values).toEqual(
      expect.arrayContaining([
        'Bearer tok-abcdef-123456',
        'tok-abcdef-123456',
        'key-00000000',
        'another-bearer-token',
        'client-secret-xyz',
        'private-d-member-value',
      ]),
    );
    expect(s.values).not.toContain('application/json');
    expect(s.values).not.toContain('EC');
  });

  it('takes secret query parameters and the password of the target URL, not ordinary parameters', () => {
    const s = secretValuesFrom({
      url: 'https://u:url-pass-9876@mcp.example.com/mcp?api_key=query-key-123456&page=descending&sig=Zx81Kq0pLm7NvB42cR9t',
    });
    expect(s.values).toEqual(expect.arrayContaining(['url-pass-9876', 'query-key-123456', 'Zx81Kq0pLm7NvB42cR9t']));
    expect(s.values).not.toContain('descending');
  });

  it('is empty for a config without secrets', () => {
    expect(secretValuesFrom({ env: { DEBUG: '1', HOME: '/root' }, headers: {} }).isEmpty).toBe(true);
    expect(secretValuesFrom({}).isEmpty).toBe(true);
  });
});

describe('SecretValues.redact', () => {
  const s = new SecretValues([
    'sk-test-abcdef0123456789',
    'sk-test-abcdef',
    'p"a\\ss:w/ord+1',
    '12345678',
    'line-one-of-a-pem-key\nline-two-of-a-pem-key',
  ]);

  it('replaces every occurrence, the longest secret first, also JSON-escaped and URL-encoded forms', () => {
    expect(s.redact('a sk-test-abcdef0123456789 b sk-test-abcdef c')).toBe(`a ${REDACTED} b ${REDACTED} c`);
    expect(s.redact(JSON.stringify({ k: 'p"a\\ss:w/ord+1' }))).toBe(`{"k":"${REDACTED}"}`);
    expect(s.redact(`https://x/?pw=${encodeURIComponent('p"a\\ss:w/ord+1')}`)).toBe(`https://x/?pw=${REDACTED}`);
    expect(s.redact('printed: line-two-of-a-pem-key')).toBe(`printed: ${REDACTED}`);
    expect(s.redact('nothing here')).toBe('nothing here');
    expect(s.redact('$& $1 are not replacement patterns')).toBe('$& $1 are not replacement patterns');
  });

  it('through redact(): strings, keys and numeric echoes at any depth', () => {
    const out = redact(
      { result: { content: [{ type: 'text', text: 'your key is sk-test-abcdef0123456789' }], pin: 12345678, 'sk-test-abcdef': true } },
      { secrets: s },
    );
    expect(out).toEqual({ result: { content: [{ type: 'text', text: `your key is ${REDACTED}` }], pin: REDACTED, [REDACTED]: true } });
  });
});

describe('name and value heuristics', () => {
  it('recognizes secret names in every spelling', () => {
    for (const n of [
      'API_KEY',
      'apiKey',
      'OPENAI_APIKEY',
      'GH_TOKEN',
      'client-secret',
      'DB_PASS',
      'MY_CREDENTIALS',
      'PRIVATE_KEY_PEM',
      'SESSION_ID',
      'COOKIE',
      'AuthHeader',
    ])
      expect(isSecretName(n), n).toBe(true);
    for (const n of ['DEBUG', 'HOME', 'PATH', 'NODE_ENV', 'GIT_AUTHOR_NAME', 'LANG', 'PORT']) expect(isSecretName(n), n).toBe(false);
  });

  it('recognizes credentials by prefix or entropy, not words, paths or URLs', () => {
    for (const v of [
      'sk-ant-api03-abcdefgh',
      'ghp_0123456789abcdefghij',
      'xoxb-1234-5678-abcdefgh',
      'AKIAIOSFODNN7EXAMPLE',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      'q8Zr2LmX0vN4pT7wYc1B',
    ])
      expect(looksLikeCredential(v), v).toBe(true);
    for (const v of ['development-mode-on', '/usr/local/bin/node', 'https://example.com/path', 'aaaaaaaaaaaaaaaaaaaa1', 'short1'])
      expect(looksLikeCredential(v), v).toBe(false);
  });

  it('recognizes hex keys, whose random characters repeat more than a mixed token does', () => {
    // Random hex of 16, 24 and 32 digits showing 2.9–3.4 bits a character (the bar for other tokens is 3.5).
    for (const v of ['0b9ba458221256e5', 'd463816c3c761c8448c332c8', 'ba7e2b6e11a1bac4a2eb4966aafb22d8', 'D463816C3C761C8448C332C8'])
      expect(looksLikeCredential(v), v).toBe(true);
    // Patterns, words and numbers made of hex digits are not keys.
    for (const v of ['aaaaaaaaaaaaaaa1', 'abababab12121212', 'deadbeefdeadbeef', '1234567890123456'])
      expect(looksLikeCredential(v), v).toBe(false);
  });
});
