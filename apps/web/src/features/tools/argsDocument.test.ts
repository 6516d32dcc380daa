import { describe, expect, it } from 'vitest';
import { getArgAt, hasArgAt, inexactNumbers, insertArgAt, parseArgs, rawArgAt, removeArgAt, setArgAt } from './argsDocument';

describe('argsDocument: form edits keep the JSON exactly', () => {
  it('keeps unknown keys, key order (numeric keys too) and number literals when one field changes', () => {
    const text =
      '{\n  "z": 1.0,\n  "10": "ten",\n  "2": 2e3,\n  "unknown": {"deep": [1, 2, 3]},\n  "big": 12345678901234567890,\n  "message": "hi"\n}';
    const edited = setArgAt(text, ['message'], 'hello');
    expect(edited).toBe(text.replace('"hi"', '"hello"'));
    // Back again: byte for byte what it was.
    expect(setArgAt(edited, ['message'], 'hi')).toBe(text);
    // JSON.parse + stringify would have reordered "10"/"2" before "z" and changed 1.0, 2e3 and the big number.
    expect(JSON.stringify(JSON.parse(text))).not.toContain('"z":1.0');
  });

  it('a string field never becomes a number: "007" stays a string', () => {
    const text = setArgAt('{}', ['code'], '007');
    expect(parseArgs(text)).toEqual({ ok: true, value: { code: '007' } });
    expect(rawArgAt(text, ['code'])).toBe('"007"');
  });

  it('numbers stay numbers, with their literal', () => {
    const text = setArgAt('{"a": 1}', ['b'], 2.5);
    expect(parseArgs(text)).toEqual({ ok: true, value: { a: 1, b: 2.5 } });
    expect(rawArgAt('{"a": 1.50}', ['a'])).toBe('1.50');
  });

  it('removing a field (an emptied optional field) omits the key instead of sending ""', () => {
    const text = '{"a": "x", "b": "y", "c": 3}';
    expect(parseArgs(removeArgAt(text, ['b']))).toEqual({ ok: true, value: { a: 'x', c: 3 } });
    expect(removeArgAt(text, ['missing'])).toBe(text);
  });

  it('creates missing parent objects for nested fields', () => {
    const text = setArgAt('{"name": "w"}', ['size', 'width'], 320);
    expect(parseArgs(text)).toEqual({ ok: true, value: { name: 'w', size: { width: 320 } } });
  });

  it('adds and removes array items in place', () => {
    let text = '{"tags": ["a"]}';
    text = insertArgAt(text, ['tags'], 'b');
    text = insertArgAt(text, ['tags'], 'first', 0);
    expect(getArgAt(text, ['tags'])).toEqual(['first', 'a', 'b']);
    text = removeArgAt(text, ['tags', 1]);
    expect(getArgAt(text, ['tags'])).toEqual(['first', 'b']);
    expect(getArgAt(insertArgAt('{}', ['list'], 1), ['list'])).toEqual([1]);
  });

  it('keeps __proto__ as data, never as a prototype', () => {
    const text = '{"__proto__": {"polluted": true}, "a": 1}';
    const edited = setArgAt(text, ['a'], 2);
    expect(edited).toBe('{"__proto__": {"polluted": true}, "a": 2}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(hasArgAt(edited, ['__proto__', 'polluted'])).toBe(true);
  });

  it('strings with escapes, unicode and newlines round-trip', () => {
    const value = 'line 1\nline "2"\t\\ ✓ \u0000 😀';
    const text = setArgAt('{}', ['notes'], value);
    expect(getArgAt(text, ['notes'])).toBe(value);
  });

  it('rejects what JSON.parse rejects (the text is what gets sent)', () => {
    expect(parseArgs('{"a": 1,}').ok).toBe(false);
    expect(parseArgs('{"a": 1 // c\n}').ok).toBe(false);
    expect(parseArgs('   ')).toEqual({ ok: true, value: undefined });
  });

  it('flags number literals JavaScript cannot hold exactly', () => {
    expect(inexactNumbers('{"a": 12345678901234567890, "b": 1.5, "c": "99999999999999999999", "d": 9007199254740991}')).toEqual([
      '12345678901234567890',
    ]);
    expect(inexactNumbers('[0.1, 1e400]')).toEqual(['1e400']);
  });
});
