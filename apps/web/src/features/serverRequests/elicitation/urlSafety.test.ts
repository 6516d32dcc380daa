import { describe, expect, it, vi } from 'vitest';
import { decodePunycode, hostToUnicode } from './punycode';
import { analyzeElicitationUrl, openExternally } from './urlSafety';

describe('punycode', () => {
  it('decodes RFC 3492 labels', () => {
    expect(decodePunycode('mnchen-3ya')).toBe('münchen');
    expect(decodePunycode('80ak6aa92e')).toBe('аррӏе');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    expect(decodePunycode('wgv71a119e')).toBe('日本語');
    expect(decodePunycode('a!')).toBeNull();
    expect(hostToUnicode('www.xn--mnchen-3ya.de')).toBe('www.münchen.de');
    expect(hostToUnicode('xn--zz.example')).toBe('xn--zz.example');
  });
});

describe('analyzeElicitationUrl', () => {
  it('shows the domain of a plain https URL with no warnings', () => {
    const a = analyzeElicitationUrl('https://login.mcp.example.com/ui/set_api_key?x=1');
    expect(a).toMatchObject({
      openable: true,
      scheme: 'https',
      hostAscii: 'login.mcp.example.com',
      hostUnicode: 'login.mcp.example.com',
      domainTail: 'example.com',
      warnings: [],
    });
  });

  it('flags lookalike IDNs, raw and decoded', () => {
    const a = analyzeElicitationUrl('https://xn--80ak6aa92e.com/');
    expect(a.hostAscii).toBe('xn--80ak6aa92e.com');
    expect(a.hostUnicode).toBe('аррӏе.com');
    expect(a.warnings.map((w) => w.text)).toEqual([
      'Internationalized domain: shown as "аррӏе.com", sent as "xn--80ak6aa92e.com".',
      '"аррӏе.com" looks like "apple.com" but is a different domain.',
    ]);
    // A Unicode URL is normalized to punycode by the URL parser, and mixed scripts are called out.
    const mixed = analyzeElicitationUrl('https://pаypal.com/login');
    expect(mixed.hostAscii).toMatch(/^xn--/);
    expect(mixed.warnings.some((w) => w.level === 'danger' && /mixes Latin and Cyrillic/.test(w.text))).toBe(true);
  });

  it('warns about http, user-info tricks and bare IPs; refuses other schemes', () => {
    expect(analyzeElicitationUrl('http://example.com').warnings[0]).toMatchObject({
      level: 'danger',
      text: expect.stringMatching(/Not HTTPS/),
    });
    expect(analyzeElicitationUrl('http://localhost:3000/x').warnings[0].level).toBe('warn');
    const trick = analyzeElicitationUrl('https://google.com@evil.example/');
    expect(trick.hostUnicode).toBe('evil.example');
    expect(trick.warnings[0].text).toMatch(/real host is evil\.example/);
    expect(analyzeElicitationUrl('https://93.184.216.34/').warnings[0].text).toMatch(/bare IP/);
    expect(analyzeElicitationUrl('javascript:alert(1)')).toMatchObject({ openable: false, scheme: 'javascript' });
    expect(analyzeElicitationUrl('not a url')).toMatchObject({ openable: false });
  });

  it('opens in a new tab without opener or referrer', () => {
    const open = vi.fn();
    openExternally('https://example.com/', open);
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
  });
});
