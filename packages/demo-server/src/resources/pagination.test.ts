import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';

import { decodeCursor, encodeCursor, paginate } from './pagination.js';

describe('paginate', () => {
  const items = Array.from({ length: 12 }, (_, i) => i);

  it('walks every item exactly once, page by page', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { page, nextCursor } = paginate(items, cursor, 5);
      seen.push(...page);
      cursor = nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(seen).toEqual(items);
    expect(pages).toBe(3);
  });

  it('omits nextCursor when everything fits', () => {
    expect(paginate(items, undefined, 12)).toEqual({ page: items });
  });

  it('round-trips cursors and rejects foreign ones with -32602', () => {
    expect(decodeCursor(encodeCursor(7))).toBe(7);
    for (const bad of ['garbage', encodeCursor(99)]) {
      let thrown: unknown;
      try {
        paginate(items, bad, 5);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProtocolError);
      expect((thrown as ProtocolError).code).toBe(-32602);
    }
  });
});
