import type { FastifyRequest } from 'fastify';

/** A request URL's path without the query string, percent-decoded when that is possible. */
export function urlPath(url: string | undefined): string {
  const raw = (url ?? '/').split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The request's path without the query string, percent-decoded when that is possible. */
export const requestPath = (request: FastifyRequest): string => urlPath(request.url);

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

export const isApiPath = (path: string): boolean => under(path, '/api');
export const isWsPath = (path: string): boolean => under(path, '/ws');

/**
 * The paths that need the token. Both the decoded request path and the matched route pattern
 * are checked, so neither an encoded path (`/%61pi/info`) nor a 404 under /api slips through.
 */
export function protectedKind(request: FastifyRequest): 'api' | 'ws' | undefined {
  const candidates = [requestPath(request), request.url.split('?', 1)[0] ?? '', request.routeOptions.url ?? ''];
  if (candidates.some(isWsPath)) return 'ws';
  if (candidates.some(isApiPath)) return 'api';
  return undefined;
}
