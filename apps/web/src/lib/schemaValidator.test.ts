import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { createValidate, dialectOf, pointerToPath } from './schemaValidator';

const validate = createValidate(Validator);

describe('schema validation', () => {
  it('reports the most specific errors with their instance paths', () => {
    const schema = {
      type: 'object',
      properties: {
        size: { type: 'object', properties: { width: { type: 'integer' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name'],
    };
    const r = validate(schema, { size: { width: 1.5 }, tags: ['a', 2] });
    expect(r.status).toBe('invalid');
    if (r.status !== 'invalid') return;
    expect(r.issues.map((i) => [i.path.join('.'), i.keyword])).toEqual([
      ['', 'required'],
      ['size.width', 'type'],
      ['tags.1', 'type'],
    ]);
  });

  it('keeps one summary for an anyOf that matched nothing', () => {
    const r = validate({ anyOf: [{ type: 'string' }, { type: 'object', required: ['a'] }] }, 5);
    expect(r).toMatchObject({ status: 'invalid', issues: [{ keyword: 'anyOf' }] });
    if (r.status === 'invalid') expect(r.issues).toHaveLength(1);
  });

  it('checks formats and the 2020-12 default dialect', () => {
    expect(validate({ type: 'string', format: 'date-time' }, 'yesterday').status).toBe('invalid');
    expect(validate({ prefixItems: [{ type: 'number' }], items: false }, [1, 2]).status).toBe('invalid');
    expect(validate({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'number' }, 3).status).toBe('valid');
  });

  it('never fetches a remote $ref: the schema is reported unusable', () => {
    const r = validate({ $ref: 'https://example.com/schema.json' }, 1);
    expect(r).toMatchObject({ status: 'unusable' });
    expect(validate({ $defs: { n: { type: 'number' } }, $ref: '#/$defs/n' }, 'x').status).toBe('invalid');
  });

  it('does not modify the schema it is given', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } };
    const before = JSON.stringify(schema);
    validate(schema, { a: 1 });
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('names unsupported dialects', () => {
    expect(dialectOf({ $schema: 'https://example.com/my-dialect' })).toEqual({ unsupported: 'https://example.com/my-dialect' });
    expect(validate({ $schema: 'https://example.com/x' }, 1).status).toBe('unusable');
    expect(pointerToPath('#/a~1b/0')).toEqual(['a/b', '0']);
  });
});
