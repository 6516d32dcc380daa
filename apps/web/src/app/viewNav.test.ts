import { describe, expect, it } from 'vitest';
import { altChord, altDigitTarget, displayOrder, groupViews, navKeyTarget } from './viewNav';

const GROUPS = [
  { id: 'traffic', label: 'Traffic' },
  { id: 'server', label: 'Server' },
];
const VIEWS = [
  { id: 'tools', group: 'server' },
  { id: 'frames', group: 'traffic' },
  { id: 'stray', group: 'nowhere' },
  { id: 'console', group: 'traffic' },
];
const alt = (key: string, code = '', mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  key,
  code,
  ...mods,
});

describe('groupViews / displayOrder', () => {
  it('orders groups as given and views as registered, numbering them in display order', () => {
    const groups = groupViews(VIEWS, GROUPS);
    expect(groups.map((g) => [g.label, g.views.map((v) => `${v.index}:${v.view.id}`)])).toEqual([
      ['Traffic', ['0:frames', '1:console']],
      ['Server', ['2:tools']],
      ['Other', ['3:stray']],
    ]);
    expect(displayOrder(VIEWS, GROUPS).map((v) => v.id)).toEqual(['frames', 'console', 'tools', 'stray']);
  });

  it('leaves out empty groups', () => {
    expect(groupViews([{ id: 'tools', group: 'server' }], GROUPS).map((g) => g.id)).toEqual(['server']);
  });
});

describe('navKeyTarget', () => {
  it('moves with the arrows (either axis), wrapping, and jumps with Home/End', () => {
    expect(navKeyTarget('ArrowDown', 0, 4)).toBe(1);
    expect(navKeyTarget('ArrowRight', 3, 4)).toBe(0);
    expect(navKeyTarget('ArrowUp', 0, 4)).toBe(3);
    expect(navKeyTarget('ArrowLeft', 2, 4)).toBe(1);
    expect(navKeyTarget('Home', 2, 4)).toBe(0);
    expect(navKeyTarget('End', 0, 4)).toBe(3);
  });

  it('ignores other keys and empty lists', () => {
    expect(navKeyTarget('Enter', 0, 4)).toBeNull();
    expect(navKeyTarget('a', 0, 4)).toBeNull();
    expect(navKeyTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('altDigitTarget', () => {
  const order = displayOrder(VIEWS, GROUPS);
  it('opens the n-th view in display order', () => {
    expect(altDigitTarget(alt('1'), order)?.id).toBe('frames');
    expect(altDigitTarget(alt('3'), order)?.id).toBe('tools');
  });

  it('reads the key code where Alt+digit types a symbol (macOS Option)', () => {
    expect(altDigitTarget(alt('¡', 'Digit1'), order)?.id).toBe('frames');
  });

  it('needs Alt alone, and a view at that position', () => {
    expect(altDigitTarget(alt('1', 'Digit1', { ctrlKey: true }), order)).toBeNull();
    expect(altDigitTarget(alt('1', 'Digit1', { metaKey: true }), order)).toBeNull();
    expect(altDigitTarget(alt('1', 'Digit1', { altKey: false }), order)).toBeNull();
    expect(altDigitTarget(alt('9', 'Digit9'), order)).toBeNull();
    expect(altDigitTarget(alt('0', 'Digit0'), order)).toBeNull();
  });

  it('names the chord of the first nine only', () => {
    expect(altChord(0)).toBe('Alt+1');
    expect(altChord(8)).toBe('Alt+9');
    expect(altChord(9)).toBeUndefined();
  });
});
