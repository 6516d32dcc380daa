import { describe, expect, it } from 'vitest';
import { buildContent, initialValues, ownValue, readRequestedSchema } from './elicitSchema';

// The requestedSchema of server-everything's trigger-elicitation-request (every kind the spec allows).
const everything = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean' },
    firstLine: { type: 'string', default: 'It was a dark and stormy night.' },
    email: { type: 'string', format: 'email' },
    homepage: { type: 'string', format: 'uri' },
    birthdate: { type: 'string', format: 'date' },
    integer: { type: 'integer', minimum: 1, maximum: 100, default: 42 },
    number: { type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
    untitled: { type: 'string', enum: ['Monica', 'Rachel'], default: 'Monica' },
    multi: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Guitar', 'Piano', 'Drums'] }, default: ['Guitar'] },
    titled: {
      type: 'string',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Wonder Woman' },
      ],
      default: 'hero-1',
    },
    titledMulti: { type: 'array', items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }] } },
    legacy: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] },
    when: { type: 'string', format: 'date-time' },
  },
  required: ['name'],
};

describe('readRequestedSchema', () => {
  it('turns each kind of the restricted schema into a field', () => {
    const { fields, problems } = readRequestedSchema(everything);
    expect(problems).toEqual([]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.name).toMatchObject({ kind: 'string', title: 'String', required: true, description: 'Your full, legal name' });
    expect(byName.integer).toMatchObject({ kind: 'number', integer: true, minimum: 1, maximum: 100, default: 42 });
    expect(byName.untitled).toMatchObject({
      kind: 'select',
      options: [
        { value: 'Monica', label: 'Monica' },
        { value: 'Rachel', label: 'Rachel' },
      ],
    });
    expect(byName.titled).toMatchObject({
      kind: 'select',
      options: [
        { value: 'hero-1', label: 'Superman' },
        { value: 'hero-2', label: 'Wonder Woman' },
      ],
    });
    expect(byName.legacy).toMatchObject({
      kind: 'select',
      options: [
        { value: 'pet-1', label: 'Cats' },
        { value: 'pet-2', label: 'Dogs' },
      ],
    });
    expect(byName.multi).toMatchObject({ kind: 'multiselect', minItems: 1, maxItems: 2, default: ['Guitar'] });
    expect(byName.titledMulti).toMatchObject({ kind: 'multiselect', options: [{ value: 'fish-1', label: 'Tuna' }] });
  });

  it('reports what the restricted schema does not allow', () => {
    const { fields, problems } = readRequestedSchema({
      type: 'object',
      properties: {
        nested: { type: 'object' },
        list: { type: 'array', items: { type: 'object' } },
        pw: { type: 'string', format: 'password' },
      },
      required: ['ghost'],
    });
    expect(fields.map((f) => f.kind)).toEqual(['unsupported', 'unsupported', 'unsupported']);
    expect(problems).toHaveLength(4);
    expect(readRequestedSchema(undefined).problems).toEqual(['requestedSchema is missing or not an object']);
  });
});

describe('buildContent', () => {
  const { fields } = readRequestedSchema(everything);

  it('starts from the defaults and sends typed values, leaving empty optional fields out', () => {
    const values = initialValues(fields);
    expect(values).toMatchObject({
      name: '',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      integer: '42',
      multi: ['Guitar'],
      titled: 'hero-1',
      legacy: '',
    });
    expect(buildContent(fields, values).errors).toEqual({ name: 'Required' });
    const { content, errors } = buildContent(fields, { ...values, name: 'Ada', when: '2025-01-02T03:04' });
    expect(errors).toEqual({});
    expect(content).toEqual({
      name: 'Ada',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitled: 'Monica',
      multi: ['Guitar'],
      titled: 'hero-1',
      when: new Date('2025-01-02T03:04').toISOString(),
    });
  });

  it('checks formats, ranges, lengths and choices', () => {
    const values = {
      ...initialValues(fields),
      name: 'Ada',
      email: 'nope',
      homepage: 'example.com',
      birthdate: '2024-02-30',
      integer: '4.5',
      number: '2000',
      multi: ['Guitar', 'Piano', 'Drums'],
      untitled: 'Joey',
    };
    expect(buildContent(fields, values).errors).toEqual({
      email: 'Not an email address',
      homepage: 'Not an absolute URI (e.g. https://example.com)',
      birthdate: 'Not a date (YYYY-MM-DD)',
      integer: 'Must be a whole number',
      number: 'At most 1000',
      multi: 'Choose at most 2',
      untitled: 'Not one of the choices',
    });
    const short = readRequestedSchema({ type: 'object', properties: { s: { type: 'string', minLength: 3, maxLength: 4 } } }).fields;
    expect(buildContent(short, { s: 'ab' }).errors).toEqual({ s: 'At least 3 characters' });
    expect(buildContent(short, { s: 'abcde' }).errors).toEqual({ s: 'At most 4 characters' });
    expect(buildContent(short, { s: 'abc' }).content).toEqual({ s: 'abc' });
  });
});

describe('field names are the server’s', () => {
  it('a field named __proto__ is an own value of the form and of the content sent, never the prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","default":"x"},"constructor":{"type":"string"}}}',
    );
    const { fields } = readRequestedSchema(schema);
    const values = initialValues(fields);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(ownValue(values, '__proto__')).toBe('x');
    expect(ownValue(values, 'constructor')).toBe('');
    expect(ownValue(values, 'toString')).toBeUndefined();
    const { content, errors } = buildContent(fields, values);
    expect(errors).toEqual({});
    expect(Object.hasOwn(content, '__proto__')).toBe(true);
    expect(JSON.stringify(content)).toBe('{"__proto__":"x"}');
  });
});
