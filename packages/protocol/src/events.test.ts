import { describe, expect, it } from 'vitest';
import { cleanOriginReason, MAX_ORIGIN_REASON } from './events.js';

describe('cleanOriginReason', () => {
  it('trims, drops control and bidi characters, and keeps at most MAX_ORIGIN_REASON characters', () => {
    expect(cleanOriginReason('  tools: call \n')).toBe('tools: call');
    expect(cleanOriginReason('a\u0000b\u007fc\u009bd\u202ee\u2066f')).toBe('abcdef');
    expect(cleanOriginReason('x'.repeat(1000))).toHaveLength(MAX_ORIGIN_REASON);
    expect(cleanOriginReason(' \u0007 ')).toBeUndefined();
  });
  it('does not cut a surrogate pair in half', () => {
    const cut = cleanOriginReason(`${'a'.repeat(MAX_ORIGIN_REASON - 1)}😀`)!;
    expect(cut).toBe('a'.repeat(MAX_ORIGIN_REASON - 1));
  });
});
