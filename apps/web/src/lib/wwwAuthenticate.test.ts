import { describe, expect, it } from 'vitest';
import { challengeOf, parseWwwAuthenticate } from './wwwAuthenticate';

describe('parseWwwAuthenticate', () => {
  it('reads resource_metadata, scope and error, quoted or not', () => {
    const c = parseWwwAuthenticate(
      'Bearer resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp", scope="mcp:read mcp:write", error=insufficient_scope, error_description="needs \\"write\\", sorry"',
    );
    expect(c).toMatchObject({
      scheme: 'Bearer',
      resourceMetadata: 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp',
      scope: 'mcp:read mcp:write',
      error: 'insufficient_scope',
      errorDescription: 'needs "write", sorry',
    });
  });
  it('finds the header in any case and tolerates its absence', () => {
    expect(challengeOf({ 'WWW-Authenticate': 'Bearer' })).toMatchObject({ scheme: 'Bearer', params: {} });
    expect(challengeOf({})).toBeUndefined();
    expect(parseWwwAuthenticate('')).toBeUndefined();
  });
});
