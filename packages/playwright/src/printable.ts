/**
 * Text the server controls (its stderr, its messages, its findings' excerpts) ends up in the
 * reporter's output on the user's terminal: what a terminal would act on or hide is shown as a
 * visible escape instead (the same set as the CLI's terminal output: C0 controls but \n and \t,
 * DEL, C1, bidi overrides and other invisible format characters, Unicode tags).
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => (c.length === 1 ? hex4(c.charCodeAt(0)) : hex4(c.charCodeAt(0)) + hex4(c.charCodeAt(1))));
}

/** At most `max` characters of `text`, on one line. */
export function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
