import { describe, expect, it } from 'vitest';
import { formatArgs, parseArgs, setArgAt } from './argsDocument';
import { DEMO_TOOLS } from './demoTools.fixture';
import { describeSchema } from './schemaForm';
import { blankValue, initialObject, matchVariant } from './schemaValues';

const widget = DEMO_TOOLS.find((t) => t.name === 'configure_widget')!.inputSchema as unknown as Record<string, unknown>;

describe('describeSchema', () => {
  const spec = describeSchema(widget);
  const prop = (name: string) => spec.properties!.find((p) => p.name === name)!;

  it('maps configure_widget to form fields', () => {
    expect(spec.kind).toBe('object');
    expect(spec.properties!.map((p) => [p.name, p.spec.kind, p.required])).toEqual([
      ['name', 'string', true],
      ['kind', 'enum', true],
      ['size', 'object', true],
      ['tags', 'array', false],
      ['target', 'variants', false],
      ['opacity', 'number', false],
      ['retries', 'integer', false],
      ['enabled', 'boolean', false],
      ['notes', 'string', false],
    ]);
    expect(prop('notes').spec.multiline).toBe(true);
    expect(prop('name').spec.multiline).toBe(false);
    expect(prop('kind').spec.enumValues).toEqual(['button', 'slider', 'chart']);
    expect(prop('tags').spec.items?.kind).toBe('string');
    expect(prop('target').spec.variants!.map((v) => v.label)).toEqual(['type: "url"', 'type: "resource"', 'string']);
  });

  it('starts from the declared defaults only', () => {
    expect(initialObject(spec)).toEqual({ size: { width: 320 }, tags: [], retries: 3, enabled: true, notes: 'First line\nSecond line' });
  });

  it('picks the variant a value belongs to, and blanks for a newly picked variant', () => {
    const target = prop('target').spec;
    expect(matchVariant(target, { type: 'resource', uri: 'demo://x' })).toBe(1);
    expect(matchVariant(target, { type: 'url', href: 'http://x' })).toBe(0);
    expect(matchVariant(target, 'label')).toBe(2);
    expect(matchVariant(target, undefined)).toBe(-1);
    expect(blankValue(target.variants![1].spec)).toEqual({ type: 'resource', uri: '' });
  });

  it('resolves local $refs, merges allOf, and turns what it cannot show into JSON fields', () => {
    const s = describeSchema({
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } },
      properties: {
        p: { $ref: '#/$defs/point' },
        remote: { $ref: 'https://example.com/s.json' },
        both: { allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'boolean' } }, required: ['b'] }] },
        maybe: { type: ['string', 'null'] },
        tuple: { type: 'array', prefixItems: [{ type: 'number' }] },
        loop: { $ref: '#' },
      },
    });
    const kinds = Object.fromEntries(s.properties!.map((p) => [p.name, p.spec]));
    expect(kinds.p.kind).toBe('object');
    expect(kinds.p.properties![0].spec.kind).toBe('number');
    expect(kinds.remote).toMatchObject({ kind: 'json', note: expect.stringMatching(/never fetched/) });
    expect(kinds.both.properties!.map((p) => [p.name, p.required])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(kinds.maybe).toMatchObject({ kind: 'string', nullable: true });
    expect(kinds.tuple.kind).toBe('json');
    expect(kinds.loop.kind).toBe('object'); // a recursive schema stops at the depth limit instead of looping
  });
});

describe('form ⇄ JSON round trip on configure_widget', () => {
  it('a JSON edit, then form edits, keep every byte the form did not touch', () => {
    const spec = describeSchema(widget);
    let text = formatArgs(initialObject(spec));
    // The user adds things in the JSON view the form cannot show, in an odd order, with odd literals.
    text = text.replace('{\n', '{\n  "x-debug": {"trace": true, "ids": [1.0, 2e2]},\n  "9": "numeric key first in text",\n');
    text = text.replace('"retries": 3', '"retries": 3.0');
    const fromJson = text;
    // Back in the form: set name, pick a kind, add a tag, set the nested height.
    text = setArgAt(text, ['name'], '007');
    text = setArgAt(text, ['kind'], 'chart');
    text = setArgAt(text, ['size', 'height'], 200);
    text = setArgAt(text, ['target'], { type: 'url', href: 'https://example.com' });
    const parsed = parseArgs(text);
    expect(parsed.ok && parsed.value).toMatchObject({
      name: '007',
      kind: 'chart',
      size: { width: 320, height: 200 },
      'x-debug': { trace: true },
    });
    // Everything the form did not touch is byte-identical and in place.
    expect(text.startsWith('{\n  "x-debug": {"trace": true, "ids": [1.0, 2e2]},\n  "9": "numeric key first in text",\n')).toBe(true);
    expect(text).toContain('"retries": 3.0');
    // Undoing the form edits gives back the JSON text exactly.
    let undone = setArgAt(text, ['target'], undefined);
    undone = setArgAt(undone, ['size', 'height'], undefined);
    undone = setArgAt(undone, ['kind'], undefined);
    undone = setArgAt(undone, ['name'], undefined);
    expect(undone).toBe(fromJson);
  });

  it('labels a union’s options by title, const, or type, never by position alone', () => {
    const spec = describeSchema({
      anyOf: [
        { type: 'string', format: 'email' },
        { type: 'integer' },
        { type: 'array', items: { type: 'string' } },
        { type: 'object', properties: { a: {}, b: {} } },
        { const: 'auto' },
        { type: 'string', title: 'Free text' },
        { type: 'null' },
      ],
    });
    expect(spec.variants!.map((v) => v.label)).toEqual([
      'string (email)',
      'integer',
      'list of string',
      'object {a, b}',
      '"auto"',
      'Free text',
      'null',
    ]);
    const twice = describeSchema({ oneOf: [{ type: 'string', minLength: 3 }, { type: 'string', maxLength: 1 }, { type: 'number' }] });
    expect(twice.variants!.map((v) => v.label)).toEqual(['string (1)', 'string (2)', 'number']);
  });
});
