import { describe, expect, it } from 'vitest';
import { issuerFinding, resourceFinding, urlFindings } from './findings.js';

describe('OAuth findings: an error quotes the MUST it rests on; a caution with no rule is a warning that says so', () => {
  it('http on a public host breaks "All authorization server endpoints MUST be served over HTTPS"; loopback is let through', () => {
    const [insecure] = urlFindings(new URL('http://auth.example/token'), new URL('https://mcp.example/mcp'));
    expect(insecure).toMatchObject({
      rule: 'oauth-insecure-endpoint',
      severity: 'error',
      spec: '2025-11-25/basic/authorization#communication-security',
      quote: 'All authorization server endpoints **MUST** be served over HTTPS.',
    });
    expect(urlFindings(new URL('http://127.0.0.1:9000/token'), new URL('http://127.0.0.1:8000/mcp'))).toEqual([]);
  });

  it('a public server pointing at a private address is a warning with no spec sentence claimed', () => {
    const found = urlFindings(new URL('https://10.0.0.5/authorize'), new URL('https://mcp.example/mcp'));
    expect(found).toEqual([expect.objectContaining({ rule: 'oauth-ssrf', severity: 'warning', spec: '' })]);
    expect(found[0]!.message).toContain('No spec rule forbids this');
    expect(found[0]!.quote).toBeUndefined();
  });

  it('issuer and resource mismatches quote RFC 8414 §3.3 and RFC 9728 §3.3', () => {
    expect(issuerFinding('https://a.example', 'https://b.example')[0]).toMatchObject({
      severity: 'error',
      spec: 'RFC 8414 §3.3',
      quote: expect.stringContaining('MUST be identical'),
    });
    expect(resourceFinding(new URL('https://mcp.example/mcp'), 'https://other.example/mcp')[0]).toMatchObject({
      severity: 'error',
      spec: 'RFC 9728 §3.3',
      quote: expect.stringContaining('MUST be identical'),
    });
  });
});
