import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from './fuzzy';

describe('fuzzyMatch', () => {
  it('matches characters in order and reports where', () => {
    expect(fuzzyMatch('alm', 'ask_llm')?.indexes).toEqual([0, 4, 6]);
    expect(fuzzyMatch('xyz', 'ask_llm')).toBeNull();
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, indexes: [] });
  });

  it('prefers word starts, runs and prefixes', () => {
    const names = ['get_resource_links', 'list_roots', 'long_task', 'toggle_extra_tool', 'ask_llm'];
    expect(fuzzyFilter(names, 'lr', (s) => s)[0].item).toBe('list_roots');
    expect(fuzzyFilter(names, 'long', (s) => s)[0].item).toBe('long_task');
    expect(fuzzyFilter(names, 'tool', (s) => s)[0].item).toBe('toggle_extra_tool');
    expect(fuzzyFilter(names, 'askl', (s) => s).map((r) => r.item)).toEqual(['ask_llm']);
  });

  it('keeps the order for an empty query and limits the result', () => {
    expect(fuzzyFilter(['b', 'a', 'c'], '', (s) => s).map((r) => r.item)).toEqual(['b', 'a', 'c']);
    expect(fuzzyFilter(['a1', 'a2', 'a3'], 'a', (s) => s, 2)).toHaveLength(2);
  });
});
