import { describe, expect, it } from 'vitest';
import { formatKeys } from './keys';

describe('formatKeys', () => {
  it('names Mod by platform', () => {
    expect(formatKeys('Mod+Shift+Enter', false)).toBe('Ctrl+Shift+Enter');
    expect(formatKeys('Mod+Shift+Enter', true)).toBe('⌘⇧↵');
    expect(formatKeys('?', true)).toBe('?');
  });
});
