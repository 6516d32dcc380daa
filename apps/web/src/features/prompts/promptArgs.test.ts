import { describe, expect, it } from 'vitest';
import { buildPromptArguments } from './promptArgs';

describe('buildPromptArguments', () => {
  const defs = [{ name: 'id', required: true }, { name: 'style' }, { name: 'lang', required: false }];
  it('keeps filled values and leaves empty optional ones out', () => {
    expect(buildPromptArguments(defs, { id: '3', style: '' })).toEqual({ args: { id: '3' }, missing: [] });
  });
  it('reports empty required arguments', () => {
    expect(buildPromptArguments(defs, { style: 'short' })).toEqual({ args: { style: 'short' }, missing: ['id'] });
  });
  it('ignores values for arguments the prompt does not declare', () => {
    expect(buildPromptArguments(defs, { id: '1', extra: 'x' }).args).toEqual({ id: '1' });
  });
});
