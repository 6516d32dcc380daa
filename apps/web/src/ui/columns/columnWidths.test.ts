import { describe, expect, it } from 'vitest';
import { clampWidth, defaultWidths, gridTemplate, parseStoredWidths, storedText, totalWidth, type ColumnSpec } from './columnWidths';

const COLUMNS: readonly ColumnSpec[] = [
  { id: 'pin', label: '', width: 20, resizable: false },
  { id: 'time', label: 'Time', width: 90, fit: '00:00:00.000', min: 40 },
  { id: 'method', label: 'Method', width: 140, min: 80, flex: true },
  { id: 'size', label: 'Size', width: 60, fit: '1023.9 KB' },
];
const byId = (id: string) => COLUMNS.find((c) => c.id === id)!;
// A font 8 px wide per character.
const measure = (sample: string) => sample.length * 8;

describe('column widths', () => {
  it('defaults grow to fit their sample (plus padding), never below the declared width', () => {
    const widths = defaultWidths(COLUMNS, measure);
    expect(widths.get('time')).toBe(12 * 8 + 14);
    expect(widths.get('size')).toBe(9 * 8 + 14);
    expect(widths.get('method')).toBe(140);
    expect(widths.get('pin')).toBe(20); // an icon column keeps its width
    // Without layout (measure 0) the declared widths apply.
    expect(defaultWidths(COLUMNS, () => 0).get('time')).toBe(90);
  });

  it('clamps to the column minimum (or 24 px) and to a sane maximum, in whole pixels', () => {
    expect(clampWidth(byId('time'), 10)).toBe(40);
    expect(clampWidth(byId('size'), 3)).toBe(24);
    expect(clampWidth(byId('time'), 99.6)).toBe(100);
    expect(clampWidth(byId('time'), 1e9)).toBe(2000);
  });

  it('reads stored widths defensively: only declared, resizable columns with finite numbers', () => {
    expect(parseStoredWidths(COLUMNS, null).size).toBe(0);
    for (const bad of ['not json', '[1,2]', 'null', '42', '"time"', '{"time":"120"}', '{"time":null}', '{"time":{"px":1}}']) {
      expect(parseStoredWidths(COLUMNS, bad).size, bad).toBe(0);
    }
    const parsed = parseStoredWidths(
      COLUMNS,
      JSON.stringify({ time: 5, method: 300.4, pin: 200, size: 1e12, other: 50, __proto__: { time: 1 } }),
    );
    expect([...parsed]).toEqual([
      ['time', 40],
      ['method', 300],
      ['size', 2000],
    ]);
    expect(parseStoredWidths(COLUMNS, '{"__proto__":{"time":300}}').size).toBe(0);
    expect(parseStoredWidths(COLUMNS, storedText(new Map([['time', 120]]))).get('time')).toBe(120);
  });

  it('makes one grid template: fixed tracks in px, the flexible one minmax(px, 1fr)', () => {
    const widths = new Map([
      ['pin', 20],
      ['time', 110],
      ['method', 140],
      ['size', 86],
    ]);
    const of = (id: string) => widths.get(id)!;
    expect(gridTemplate(COLUMNS, of)).toBe('20px 110px minmax(140px,1fr) 86px');
    expect(totalWidth(COLUMNS, of)).toBe(356);
  });
});
