/**
 * Characters that act on a terminal or hide text instead of showing it: C0 controls (newlines
 * and tabs too: the text is quoted on one line), DEL, C1, and the invisible format characters
 * that reorder or hide text (bidi embeddings, overrides and isolates, zero-width characters, the
 * BOM, the Unicode tag characters), and lone surrogates.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

/**
 * Text the server chose (an error message, an HTTP body) made fit to quote inside one line of
 * mcpscope's own: whitespace runs collapsed, every unsafe character shown as a `\uXXXX` escape,
 * at most `max` characters (then `…`). It may land on a terminal, in a status bar or a trace.
 */
export function quoteServerText(text: string, max = 160): string {
  const flat = text
    .slice(0, max * 4)
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
  const escaped = flat.replace(UNSAFE, (c) => (c.length === 1 ? hex4(c.charCodeAt(0)) : hex4(c.charCodeAt(0)) + hex4(c.charCodeAt(1))));
  const points = Array.from(escaped);
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : escaped;
}
