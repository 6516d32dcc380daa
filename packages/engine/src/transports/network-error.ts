/** Codes of TLS certificate failures (Node/OpenSSL), told as "certificate rejected". */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

interface Found {
  code: string;
  message: string;
  address?: string;
  port?: number;
  hostname?: string;
}

/** The first error with a string `code` in the cause chain (undici's fetch failed → connect ECONNREFUSED …). */
function findCoded(err: unknown): Found | undefined {
  let current = err;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; address?: unknown; port?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && e.code !== 'UND_ERR' && e.code.length < 64) {
      const hostname = (e as { hostname?: unknown }).hostname;
      return {
        code: e.code,
        message: String(e.message ?? ''),
        address: typeof e.address === 'string' ? e.address : undefined,
        port: typeof e.port === 'number' ? e.port : undefined,
        hostname: typeof hostname === 'string' ? hostname : undefined,
      };
    }
    // An AggregateError (several addresses tried) carries its reasons in `errors`.
    current = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return undefined;
}

/** The code of the network failure behind `err` (ECONNREFUSED, UND_ERR_SOCKET…), if it has one. */
export function networkErrorCode(err: unknown): string | undefined {
  return findCoded(err)?.code;
}

/**
 * Codes that say nothing answers at that address now (the server process is gone, the host
 * unreachable), as against a connection that broke mid-exchange, which a live server can cause.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

export const isUnreachableCode = (code: string | undefined): boolean => code !== undefined && UNREACHABLE_CODES.has(code);

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * What a failed fetch means in plain words ("connection refused at 127.0.0.1:3000" rather than
 * undici's "fetch failed"), read from the error's cause chain; undefined when it is not a
 * network failure that has a plainer name.
 */
export function describeNetworkError(err: unknown, url?: string): string | undefined {
  const found = findCoded(err);
  if (!found) return undefined;
  const u = url === undefined ? undefined : parseUrl(url);
  const host = u?.hostname ?? found.hostname ?? found.address ?? url ?? 'the server';
  const port = found.port ?? (u ? Number(u.port || (u.protocol === 'https:' ? 443 : 80)) : undefined);
  const address = found.address ?? host;
  const shown = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
  const at = port === undefined ? shown : `${shown}:${port}`;
  switch (found.code) {
    case 'ECONNREFUSED':
      return `connection refused at ${at} (is the server running, on that port?)`;
    case 'ENOTFOUND':
      return `host not found: ${host} (the DNS lookup failed)`;
    case 'EAI_AGAIN':
      return `could not resolve ${host} (the DNS lookup failed for now; offline?)`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `connection to ${at} timed out`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `connection reset by ${at} (the server closed it mid-exchange)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${at} is unreachable (no route to it)`;
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return `the TLS handshake with ${at} failed (does it serve plain http rather than https?)`;
    default:
      if (CERTIFICATE_CODES.has(found.code)) return `the TLS certificate of ${host} was rejected: ${found.message} (${found.code})`;
      return undefined;
  }
}
