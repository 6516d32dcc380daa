import { ownValue } from './limits.js';

/**
 * The Content-Security-Policy an MCP App view runs under (ext-apps spec 2026-01-26, "Content
 * Security Policy Enforcement" and "Host Behavior"): built from the `_meta.ui.csp` a server
 * declares on its ui:// resource. The declaration is hostile input: only plain origins
 * (`https://cdn.example.com`, `https://*.example.com:443`, `wss://127.0.0.1:*`) reach the policy;
 * anything else (keywords, quotes, semicolons, spaces, schemes alone, `*`, paths) is dropped with
 * the reason, so the policy is never wider than what was declared ("No Loosening: Host MAY
 * further restrict but MUST NOT allow undeclared domains").
 */

export const APP_CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
export type AppCspKey = (typeof APP_CSP_KEYS)[number];
export type AppCspDomains = Record<AppCspKey, string[]>;

export interface AppCsp {
  /** The Content-Security-Policy header value (without frame-ancestors: the sandbox adds it). */
  policy: string;
  /** The origins that made it into the policy, normalized (lower case, no trailing slash). */
  applied: AppCspDomains;
  /** Why each refused entry was refused, e.g. `connectDomains[0] "data:": not an origin (scheme://host[:port])`. */
  dropped: string[];
}

/** Entries read per list; the rest are dropped with one reason. */
export const MAX_CSP_ENTRIES = 64;
/** Longest entry accepted (a DNS name is at most 253 characters). */
export const MAX_CSP_ENTRY_LENGTH = 253;

/**
 * connect-src does not govern WebRTC: a peer connection reaches any address (STUN, TURN, ICE)
 * unless the CSP3 `webrtc` directive blocks it. Not in the spec's lists (no app declares WebRTC);
 * browsers that do not know the directive ignore it (see the README's Security section).
 */
const WEBRTC_BLOCK = "webrtc 'block'";

/**
 * "Restrictive Default: If `ui.csp` is omitted, Host MUST use" these six directives; the
 * frame-src, object-src and base-uri defaults of "Sandbox proxy" item 5, and form-action (not
 * in the spec: a further restriction it allows) complete it.
 */
const RESTRICTIVE_DEFAULT = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  WEBRTC_BLOCK,
].join('; ');

const SCHEMES = new Set(['http', 'https', 'ws', 'wss']);
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#]+)(?::([^/?#]*))?\/?$/i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;

function isIpv4(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts.every((p) => IPV4_OCTET.test(p) && Number(p) <= 255);
}

/** A DNS name whose last label is not all digits (that would be a malformed IPv4 address). */
function isDnsName(host: string): boolean {
  const labels = host.split('.');
  return labels.every((l) => LABEL.test(l)) && !/^[0-9]+$/.test(labels[labels.length - 1] ?? '');
}

function validHost(host: string): boolean {
  if (/^[0-9.]+$/.test(host)) return isIpv4(host);
  if (host.startsWith('*.')) return isDnsName(host.slice(2));
  return isDnsName(host);
}

/** The normalized origin, or why the entry is not one. */
export function parseCspOrigin(entry: unknown): { origin: string } | { reason: string } {
  if (typeof entry !== 'string')
    return { reason: `not a string (${entry === null ? 'null' : Array.isArray(entry) ? 'array' : typeof entry})` };
  if (entry.length > MAX_CSP_ENTRY_LENGTH) return { reason: `longer than ${MAX_CSP_ENTRY_LENGTH} characters` };
  const match = ORIGIN.exec(entry);
  if (match === null) return { reason: 'not an origin (scheme://host[:port])' };
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  const port = match[3];
  if (!SCHEMES.has(scheme)) return { reason: `scheme ${scheme}: is not http, https, ws or wss` };
  if (!validHost(host)) return { reason: 'host is not a DNS name, *.name, IPv4 address or localhost' };
  if (port !== undefined && port !== '*' && !(/^[0-9]{1,5}$/.test(port) && Number(port) <= 65535))
    return { reason: 'port is not a number or *' };
  return { origin: `${scheme}://${host}${port === undefined ? '' : `:${port}`}` };
}

/** A short, printable rendering of a refused value for the reason text. */
function show(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return ` ${JSON.stringify(text)}`;
}

function readList(csp: Record<string, unknown>, key: AppCspKey, dropped: string[]): string[] {
  const raw = ownValue(csp, key);
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    dropped.push(`${key}: not an array`);
    return [];
  }
  const applied = new Set<string>();
  const count = Math.min(raw.length, MAX_CSP_ENTRIES);
  for (let i = 0; i < count; i++) {
    const entry: unknown = raw[i];
    const parsed = parseCspOrigin(entry);
    if ('origin' in parsed) applied.add(parsed.origin);
    else dropped.push(`${key}[${i}]${show(entry)}: ${parsed.reason}`);
  }
  if (raw.length > MAX_CSP_ENTRIES)
    dropped.push(`${key}: ${raw.length - MAX_CSP_ENTRIES} entries past the first ${MAX_CSP_ENTRIES} ignored`);
  return [...applied];
}

const withSources = (directive: string, base: string, extra: string[]): string =>
  [directive, base, ...extra].filter((s) => s !== '').join(' ');

/**
 * The policy for a declared `_meta.ui.csp` (`unknown`: anything a server sent). Absent or not an
 * object → the restrictive default. Otherwise the spec's construction from the validated lists.
 */
export function buildAppCsp(declared: unknown): AppCsp {
  const applied: AppCspDomains = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const dropped: string[] = [];
  if (declared === undefined || declared === null) return { policy: RESTRICTIVE_DEFAULT, applied, dropped };
  if (typeof declared !== 'object' || Array.isArray(declared)) {
    dropped.push('csp: not an object');
    return { policy: RESTRICTIVE_DEFAULT, applied, dropped };
  }
  const csp = declared as Record<string, unknown>;
  for (const key of APP_CSP_KEYS) applied[key] = readList(csp, key, dropped);
  const { connectDomains: connect, resourceDomains: resource, frameDomains: frame, baseUriDomains: baseUri } = applied;
  const policy = [
    "default-src 'none'",
    withSources('script-src', "'self' 'unsafe-inline'", resource),
    withSources('style-src', "'self' 'unsafe-inline'", resource),
    withSources('connect-src', "'self'", connect),
    withSources('img-src', "'self' data:", resource),
    withSources('font-src', "'self'", resource),
    withSources('media-src', "'self' data:", resource),
    frame.length > 0 ? withSources('frame-src', '', frame) : "frame-src 'none'",
    "object-src 'none'",
    baseUri.length > 0 ? withSources('base-uri', '', baseUri) : "base-uri 'self'",
    "form-action 'none'",
    WEBRTC_BLOCK,
  ].join('; ');
  return { policy, applied, dropped };
}
