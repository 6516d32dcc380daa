import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * Cursor pagination for list results. Cursors are opaque to clients (spec:
 * server/utilities/pagination) — here base64url of `o:<offset>`. An unknown cursor is
 * answered with -32602 Invalid params, as the pagination page asks.
 */

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return Number(match[1]);
}

export function paginate<T>(items: readonly T[], cursor: string | undefined, pageSize: number): { page: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor);
  if (start > items.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  const end = start + pageSize;
  return end < items.length ? { page: items.slice(start, end), nextCursor: encodeCursor(end) } : { page: items.slice(start) };
}
