import type { FastifyRequest } from 'fastify';

/** The request's path without the query string, percent-decoded when that is possible. */
export function requestPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

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
