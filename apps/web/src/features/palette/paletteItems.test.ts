import { describe, expect, it } from 'vitest';
import { buildPaletteItems } from './paletteItems';

describe('buildPaletteItems: views', () => {
  it('lists every view with its group and the Alt chord of the first nine, in the order given', () => {
    const views = Array.from({ length: 11 }, (_, i) => ({ id: `v${i}`, label: `View ${i}`, group: i < 5 ? 'Traffic' : 'Server' }));
    const items = buildPaletteItems({ views, tools: [], resources: [], prompts: [], actions: [], navigate: () => undefined });
    expect(items.map((i) => i.id)).toEqual(views.map((v) => `view:${v.id}`));
    expect(items[0]).toMatchObject({ kind: 'view', title: 'View 0', shortcut: 'Alt+1', detail: 'Traffic · go to the View 0 view' });
    expect(items[8].shortcut).toBe('Alt+9');
    expect(items[9].shortcut).toBeUndefined();
    expect(items[6].search).toContain('Server');
  });
});
