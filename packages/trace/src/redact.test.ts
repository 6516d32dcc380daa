import { describe, expect, it } from 'vitest';
import type { HttpEvent, OAuthEvent } from '@mcpscope/protocol';
import { REDACTED, redact, redactEvent, redactString } from './redact.js';

describe('redact', () => {
  it('redacts credential headers case-insensitively and keeps Mcp-Session-Id', () => {
    const headers = {
      Authorization: 'Bearer abc.def',
      'proxy-authorization': 'Basic Zm9v',
      Cookie: 'sid=1',
      'Set-Cookie': ['a=1', 'b=2'],
      'Mcp-Session-Id': 'sess-123',
      'Content-Type': 'application/json',
    };
    expect(redact(headers)).toEqual({
      Authorization: REDACTED,
      'proxy-authorization': REDACTED,
      Cookie: REDACTED,
      'Set-Cookie': [REDACTED, REDACTED],
      'Mcp-Session-Id': 'sess-123',
      'Content-Type': 'application/json',
    });
  });

  it('redacts secret JSON keys at any depth, in all their spellings', () => {
    const value = {
      result: {
        access_token: 'at',
        refresh_token: 'rt',
        id_token: 'it',
        nested: [{ client_secret: 'cs', code_verifier: 'cv', password: 'pw', token: 't' }],
        apiKey: 'k1',
        api_key: 'k2',
        progressToken: 7,
        nextCursor: 'keep',
      },
    };
    expect(redact(value)).toEqual({
      result: {
        access_token: REDACTED,
        refresh_token: REDACTED,
        id_token: REDACTED,
        nested: [{ client_secret: REDACTED, code_verifier: REDACTED, password: REDACTED, token: REDACTED }],
        apiKey: REDACTED,
        api_key: REDACTED,
        progressToken: 7,
        nextCursor: 'keep',
      },
    });
  });

  it('keeps `code` outside oauth (JSON-RPC errors, exit codes) and redacts it inside', () => {
    const err = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } };
    expect(redact(err)).toEqual(err);
    expect(redact({ code: 'abc', state: 's' }, { oauth: true })).toEqual({ code: REDACTED, state: 's' });
  });

  it('scrubs bearer tokens and secret query params inside strings', () => {
    expect(redactString('sent Authorization: Bearer eyJhbGciOi.x-y_z== ok')).toBe(`sent Authorization: Bearer ${REDACTED} ok`);
    expect(redactString('https://as.example/cb?code=xyz&state=s1&token=t#access_token=a')).toBe(
      `https://as.example/cb?code=${REDACTED}&state=s1&token=${REDACTED}#access_token=${REDACTED}`,
    );
    expect(redactString('{"client_secret": "shh", "x": 1}')).toBe(`{"client_secret": "${REDACTED}", "x": 1}`);
    expect(redactString('exit code=1')).toBe('exit code=1');
  });

  it('never mutates its input', () => {
    const input = { headers: { Authorization: 'Bearer x' }, list: [{ password: 'p' }] };
    const copy = structuredClone(input);
    const out = redact(input);
    expect(input).toEqual(copy);
    expect(out).not.toBe(input);
    expect(out.list).not.toBe(input.list);
  });

  it('redacts http and oauth events', () => {
    const http: HttpEvent = {
      type: 'http',
      seq: 1,
      t: 0,
      sessionId: 's',
      method: 'POST',
      url: 'http://127.0.0.1/mcp?token=abc',
      status: 200,
      requestHeaders: { authorization: 'Bearer abc', 'mcp-session-id': 'm1' },
      responseHeaders: { 'set-cookie': 'x=y' },
      durationMs: 3,
    };
    const out = redactEvent(http);
    expect(out.url).toBe(`http://127.0.0.1/mcp?token=${REDACTED}`);
    expect(out.requestHeaders).toEqual({ authorization: REDACTED, 'mcp-session-id': 'm1' });
    expect(out.responseHeaders).toEqual({ 'set-cookie': REDACTED });
    const oauth: OAuthEvent = { type: 'oauth', seq: 2, t: 1, sessionId: 's', step: 'token', detail: { code: 'c', code_verifier: 'v' } };
    expect(redactEvent(oauth).detail).toEqual({ code: REDACTED, code_verifier: REDACTED });
  });
});

describe('challenges are not credentials', () => {
  it('keeps the auth-params of a WWW-Authenticate challenge and still redacts a bearer token', () => {
    const challenge = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource", scope="mcp:read"';
    expect(redactString(challenge)).toBe(challenge);
    expect(redactString('Bearer abc.def-ghi')).toBe('Bearer [REDACTED]');
    expect(redactString('Bearer c2VjcmV0==')).toBe('Bearer [REDACTED]');
  });
});
