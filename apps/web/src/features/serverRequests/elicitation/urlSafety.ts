import { hostToUnicode } from './punycode';

/**
 * What a person must see before opening a URL-mode elicitation (spec client/elicitation
 * "Safe URL Handling"): the full URL (MUST), the domain highlighted (SHOULD, against subdomain
 * spoofing) and warnings for ambiguous or suspicious URLs such as punycode (SHOULD).
 * Pure: nothing here fetches or resolves the URL (MUST NOT pre-fetch).
 */
export interface UrlWarning {
  level: 'danger' | 'warn';
  text: string;
}

export interface UrlAnalysis {
  /** Only http(s) URLs that parse may be opened. */
  openable: boolean;
  href: string;
  scheme?: string;
  /** The host as sent on the wire (ASCII, punycode for IDNs). */
  hostAscii?: string;
  /** The host as a person reads it (punycode labels decoded). */
  hostUnicode?: string;
  /** The last two labels of the host, highlighted (an approximation of the registrable domain). */
  domainTail?: string;
  port?: string;
  warnings: UrlWarning[];
}

/** Letters that render like Latin ones (Unicode confusables, the usual suspects). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  ϲ: 'c',
  ε: 'e',
  χ: 'x',
  ω: 'w',
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ℓ: 'l',
  ǃ: 'l',
};

const SCRIPTS: Array<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

function scriptsOf(label: string): Set<string> {
  const found = new Set<string>();
  for (const ch of label) {
    if (/[\d\-_]/.test(ch)) continue;
    const hit = SCRIPTS.find(([, re]) => re.test(ch));
    found.add(hit ? hit[0] : 'other');
  }
  return found;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export function analyzeElicitationUrl(raw: string): UrlAnalysis {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { openable: false, href: raw, warnings: [{ level: 'danger', text: 'This is not a valid URL; it cannot be opened.' }] };
  }
  const warnings: UrlWarning[] = [];
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'https' && scheme !== 'http') {
    return {
      openable: false,
      href: url.href,
      scheme,
      warnings: [{ level: 'danger', text: `A ${scheme}: URL is not a web page; mcpscope will not open it.` }],
    };
  }
  const hostAscii = url.hostname;
  const hostUnicode = hostToUnicode(hostAscii);
  const labels = hostUnicode.split('.');
  const domainTail = IPV4.test(hostAscii) || hostAscii.startsWith('[') ? hostUnicode : labels.slice(-2).join('.');

  if (url.username || url.password) {
    warnings.push({
      level: 'danger',
      text: `The URL has a user-name part ("${decodeURIComponent(url.username)}@"), a classic way to disguise the real host. The real host is ${hostUnicode}.`,
    });
  }
  if (scheme === 'http') {
    warnings.push({
      level: LOCAL.test(hostAscii) ? 'warn' : 'danger',
      text: 'Not HTTPS: the page and anything typed into it travel unencrypted (the spec asks servers for HTTPS).',
    });
  }
  if (hostAscii !== hostUnicode) {
    warnings.push({ level: 'warn', text: `Internationalized domain: shown as "${hostUnicode}", sent as "${hostAscii}".` });
    const mixed = labels.find((l) => {
      const s = scriptsOf(l);
      return s.has('Latin') && s.size > 1;
    });
    if (mixed)
      warnings.push({
        level: 'danger',
        text: `"${mixed}" mixes ${[...scriptsOf(mixed)].join(' and ')} letters, a typical lookalike domain.`,
      });
    const skeleton = [...hostUnicode].map((c) => CONFUSABLES[c] ?? c).join('');
    if (skeleton !== hostUnicode && /^[\x00-\x7f]*$/.test(skeleton)) {
      warnings.push({ level: 'danger', text: `"${hostUnicode}" looks like "${skeleton}" but is a different domain.` });
    }
  }
  if (IPV4.test(hostAscii) || hostAscii.startsWith('[')) {
    if (!LOCAL.test(hostAscii)) warnings.push({ level: 'warn', text: 'The host is a bare IP address, not a domain name.' });
  }
  return { openable: true, href: url.href, scheme, hostAscii, hostUnicode, domainTail, port: url.port || undefined, warnings };
}

/** Opens the URL for the person, in a new tab the page cannot reach back into (no opener, no referrer). */
export function openExternally(
  href: string,
  open: (url: string, target: string, features: string) => unknown = window.open.bind(window),
): void {
  open(href, '_blank', 'noopener,noreferrer');
}
