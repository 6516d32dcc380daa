import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal-text.js';

/** Anything a terminal would act on or hide. */
const RAW =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/;

describe('escapeForTerminal', () => {
  it('shows OSC 52, screen clears, hidden text, carriage returns and BEL as escapes', () => {
    const hostile = '\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x1b[8mhidden\x1b[0m\rover';
    const out = escapeForTerminal(hostile);
    expect(out).toBe('\\u001b]52;c;ZWNobyBwd25lZA==\\u0007\\u001b[2J\\u001b[8mhidden\\u001b[0m\\u000dover');
    expect(out).not.toMatch(RAW);
  });

  it('escapes DEL, C1 controls, bidi overrides, zero-width characters and tag characters', () => {
    const out = escapeForTerminal('a\x7fb\u009b2Jc\u202eevil\u202cd\u200be\u2066f\ufeffg\u{e0041}h');
    expect(out).toBe('a\\u007fb\\u009b2Jc\\u202eevil\\u202cd\\u200be\\u2066f\\ufeffg\\udb40\\udc41h');
    expect(out).not.toMatch(RAW);
  });

  it('keeps newlines, tabs and ordinary text (accents, arrows, emoji) as they are', () => {
    const text = 'line 1\n\tcafé → ✓ 😀 日本\n';
    expect(escapeForTerminal(text)).toBe(text);
  });

  it('keeps JSON valid and equal to what it was', () => {
    const value = { name: 'tool\u202e\u009b\x7f', nested: ['\u{e0041}', 'ok'] };
    const json = JSON.stringify(value);
    const safe = escapeForTerminal(json);
    expect(safe).not.toMatch(RAW);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
