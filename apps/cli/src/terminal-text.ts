/**
 * Characters a terminal acts on or hides instead of showing: C0 controls except \n and \t
 * (ESC starts OSC 52 clipboard writes, screen clears, hidden text; \r overwrites a line; BEL),
 * DEL, C1 controls (U+009B is a one-character CSI on some terminals), and the invisible format
 * characters that reorder or hide text: the Arabic letter mark, the Mongolian vowel separator,
 * zero-width spaces/joiners and LRM/RLM, bidi embeddings/overrides/isolates, word joiner and
 * invisible operators, the BOM, and the Unicode tag characters.
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

/**
 * Server-controlled text made safe to print: every unsafe character becomes a visible escape
 * (`\u001b`, `\u202e`; a tag character as its two UTF-16 escapes). The escapes are JSON's own,
 * so this can also run over JSON text, where these characters only occur inside strings: the
 * JSON still parses to the same value (JSON.stringify escapes C0 but not DEL, C1 or U+202E).
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, (c) => (c.length === 1 ? hex4(c.charCodeAt(0)) : hex4(c.charCodeAt(0)) + hex4(c.charCodeAt(1))));
}
