import type { SampleFont } from './columnWidths';

/**
 * The rendered width of a sample text in a table's cell font, measured once per page with a
 * hidden probe (the user's own fonts decide: `13:47:31.612` is wider in some monospace fonts
 * than in others). 0 where there is no layout (jsdom), so the declared widths apply there.
 */
const FONT_CLASS: Record<SampleFont, string> = {
  mono: 'font-mono text-[12px] tabular-nums',
  sans: 'font-sans text-[11px]',
  'sans-bold': 'font-sans text-[11px] font-bold',
};
const cache = new Map<string, number>();

export function measureSample(sample: string, font: SampleFont): number {
  const key = `${font}\u0000${sample}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  if (typeof document === 'undefined' || !document.body) return 0;
  const probe = document.createElement('span');
  probe.className = `${FONT_CLASS[font]} whitespace-pre`;
  probe.style.cssText = 'position:absolute;visibility:hidden;left:-10000px;top:0';
  probe.textContent = sample;
  document.body.appendChild(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  // A probe that found no layout is not remembered: the next table asks again.
  if (width > 0) cache.set(key, width);
  return width;
}
