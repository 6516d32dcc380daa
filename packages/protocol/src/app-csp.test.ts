import { describe, expect, it } from 'vitest';
import { buildAppCsp, MAX_CSP_ENTRIES, parseCspOrigin } from './app-csp.js';

const directives = (policy: string): Map<string, string> =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]));

const RESTRICTIVE = {
  'default-src': "'none'",
  'script-src': "'self' 'unsafe-inline'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'media-src': "'self' data:",
  'connect-src': "'none'",
  'frame-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'none'",
  // Not governed by connect-src: blocked where the browser knows the directive.
  webrtc: "'block'",
};

/** Every source in a policy that is not a keyword, `data:` or an origin accepted by parseCspOrigin. */
function widening(policy: string): string[] {
  const sources = policy.split('; ').flatMap((d) => d.split(' ').slice(1));
  return sources.filter(
    (s) => !["'none'", "'self'", "'unsafe-inline'", "'block'", 'data:'].includes(s) && !('origin' in parseCspOrigin(s)),
  );
}

describe('buildAppCsp: restrictive default (spec "Host Behavior")', () => {
  it.each([undefined, null])('uses the spec default when csp is %s', (csp) => {
    const built = buildAppCsp(csp);
    expect(Object.fromEntries(directives(built.policy))).toEqual(RESTRICTIVE);
    expect(built.dropped).toEqual([]);
    expect(built.applied).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
  });

  it.each([42, 'https://a.com', true, [['https://a.com']]])('uses it for a csp that is not an object (%j) and says so', (csp) => {
    const built = buildAppCsp(csp);
    expect(Object.fromEntries(directives(built.policy))).toEqual(RESTRICTIVE);
    expect(built.dropped).toEqual(['csp: not an object']);
  });
});

describe('buildAppCsp: construction from declared domains (spec "Content Security Policy Enforcement")', () => {
  it('maps each list to its directives', () => {
    const built = buildAppCsp({
      connectDomains: ['https://api.weather.com', 'wss://realtime.service.com'],
      resourceDomains: ['https://cdn.jsdelivr.net', 'https://*.cloudflare.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://cdn.example.com'],
    });
    const d = directives(built.policy);
    expect(d.get('default-src')).toBe("'none'");
    expect(d.get('script-src')).toBe("'self' 'unsafe-inline' https://cdn.jsdelivr.net https://*.cloudflare.com");
    expect(d.get('style-src')).toBe("'self' 'unsafe-inline' https://cdn.jsdelivr.net https://*.cloudflare.com");
    expect(d.get('img-src')).toBe("'self' data: https://cdn.jsdelivr.net https://*.cloudflare.com");
    expect(d.get('font-src')).toBe("'self' https://cdn.jsdelivr.net https://*.cloudflare.com");
    expect(d.get('media-src')).toBe("'self' data: https://cdn.jsdelivr.net https://*.cloudflare.com");
    expect(d.get('connect-src')).toBe("'self' https://api.weather.com wss://realtime.service.com");
    expect(d.get('frame-src')).toBe('https://www.youtube.com');
    expect(d.get('base-uri')).toBe('https://cdn.example.com');
    expect(d.get('object-src')).toBe("'none'");
    expect(built.dropped).toEqual([]);
    expect(built.applied.resourceDomains).toEqual(['https://cdn.jsdelivr.net', 'https://*.cloudflare.com']);
  });

  it("falls back to frame-src 'none' and base-uri 'self' without frame or base domains", () => {
    const d = directives(buildAppCsp({ connectDomains: [] }).policy);
    expect(d.get('frame-src')).toBe("'none'");
    expect(d.get('base-uri')).toBe("'self'");
    expect(d.get('connect-src')).toBe("'self'");
    expect(d.get('script-src')).toBe("'self' 'unsafe-inline'");
  });

  it('never allows eval, blob:, workers or plugins', () => {
    const built = buildAppCsp({ resourceDomains: ['https://a.com'], connectDomains: ['https://b.com'] });
    expect(built.policy).not.toMatch(/unsafe-eval|blob:|wasm-unsafe-eval|unsafe-hashes|\*(?!\.)/);
    expect(directives(built.policy).get('object-src')).toBe("'none'");
    expect(directives(built.policy).has('worker-src')).toBe(false); // default-src 'none' covers it
  });

  it('normalizes case and a trailing slash, and keeps each origin once', () => {
    const built = buildAppCsp({
      connectDomains: ['HTTPS://API.Example.COM/', 'https://api.example.com', 'wss://127.0.0.1:*', 'http://localhost:8080'],
    });
    expect(built.applied.connectDomains).toEqual(['https://api.example.com', 'wss://127.0.0.1:*', 'http://localhost:8080']);
  });
});

describe('buildAppCsp: hostile declarations', () => {
  it.each([
    ['a second directive', 'https://a.com; script-src *'],
    ['a keyword', "'unsafe-eval'"],
    ['a quoted self after an origin', "https://a.com 'self'"],
    ['a scheme source', 'data:'],
    ['blob:', 'blob:'],
    ['https: alone', 'https:'],
    ['a bare star', '*'],
    ['a star host', 'https://*'],
    ['a bare host', 'cdn.example.com'],
    ['a path', 'https://a.com/lib/x.js'],
    ['a query', 'https://a.com?x=1'],
    ['user info', 'https://user@a.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a file: origin', 'file://host'],
    ['an IPv6 literal', 'http://[::1]:80'],
    ['a bad IPv4', 'http://999.1.1.1'],
    ['a numeric last label', 'http://a.123'],
    ['a wildcard in the middle', 'https://a.*.com'],
    ['a wildcard on an IP', 'https://*.1.2.3.4'],
    ['a label starting with a hyphen', 'https://-a.com'],
    ['a newline', 'https://a.com\nscript-src *'],
    ['a comma', 'https://a.com,https://b.com'],
    ['a non-ASCII host', 'https://exämple.com'],
    ['a port out of range', 'https://a.com:99999'],
    ['an empty port', 'https://a.com:'],
    ['a nonce', "'nonce-abc'"],
    ['an empty string', ''],
    ['an overlong name', `https://${'a'.repeat(250)}.com`],
  ])('drops %s', (_what, entry) => {
    const built = buildAppCsp({ connectDomains: [entry], resourceDomains: [entry], frameDomains: [entry], baseUriDomains: [entry] });
    expect(built.applied).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    expect(built.dropped).toHaveLength(4);
    expect(built.dropped[0]).toMatch(/^connectDomains\[0\]/);
    expect(widening(built.policy)).toEqual([]);
    expect(built.policy).not.toContain('unsafe-eval');
    expect(built.policy.split('; ')).toHaveLength(12);
  });

  it('says why, with the value shown as a short JSON string', () => {
    const built = buildAppCsp({ connectDomains: ['https://a.com; script-src *', 'ftp://a.com', 7, `https://${'x'.repeat(300)}`] });
    expect(built.dropped).toEqual([
      'connectDomains[0] "https://a.com; script-src *": host is not a DNS name, *.name, IPv4 address or localhost',
      'connectDomains[1] "ftp://a.com": scheme ftp: is not http, https, ws or wss',
      'connectDomains[2]: not a string (number)',
      `connectDomains[3] ${JSON.stringify(`https://${'x'.repeat(72)}…`)}: longer than 253 characters`,
    ]);
  });

  it('drops lists that are not arrays, and entries that are not strings', () => {
    const built = buildAppCsp({
      connectDomains: 'https://a.com',
      resourceDomains: { 0: 'https://a.com' },
      frameDomains: [null, ['https://a.com'], { toString: 'x' }],
      baseUriDomains: 5,
    });
    expect(built.applied).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    expect(built.dropped).toEqual([
      'connectDomains: not an array',
      'resourceDomains: not an array',
      'frameDomains[0]: not a string (null)',
      'frameDomains[1]: not a string (array)',
      'frameDomains[2]: not a string (object)',
      'baseUriDomains: not an array',
    ]);
  });

  it('reads own keys only: __proto__ and inherited lists are ignored', () => {
    const polluted = JSON.parse('{"__proto__": {"connectDomains": ["https://evil.com"]}}') as unknown;
    expect(buildAppCsp(polluted).applied.connectDomains).toEqual([]);
    const inherited = Object.create({ connectDomains: ['https://evil.com'] }) as unknown;
    expect(buildAppCsp(inherited).applied.connectDomains).toEqual([]);
    expect(buildAppCsp(inherited).policy).not.toContain('evil');
  });

  it(`reads at most ${MAX_CSP_ENTRIES} entries of a huge list`, () => {
    const huge = Array.from({ length: 100_000 }, (_, i) => `https://h${i}.example.com`);
    const built = buildAppCsp({ resourceDomains: huge });
    expect(built.applied.resourceDomains).toHaveLength(MAX_CSP_ENTRIES);
    expect(built.dropped).toEqual([`resourceDomains: ${100_000 - MAX_CSP_ENTRIES} entries past the first ${MAX_CSP_ENTRIES} ignored`]);
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    expect(buildAppCsp({ connectDomains: sparse }).applied.connectDomains).toEqual([]);
  });
});
