import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { createValidate } from '../../lib/schemaValidator';
import { DEMO_TOOLS } from './demoTools.fixture';
import { checkOutput } from './outputValidation';

const validate = createValidate(Validator);
const addSchema = DEMO_TOOLS.find((t) => t.name === 'add')!.outputSchema;

describe('checkOutput', () => {
  it('a matching structuredContent is valid', () => {
    expect(checkOutput({ content: [], structuredContent: { sum: 3, expression: '1 + 2 = 3' } }, addSchema, validate)).toEqual({
      kind: 'checked',
      status: 'valid',
    });
  });
  it('a wrong one lists the errors', () => {
    const r = checkOutput({ structuredContent: { sum: '3', extra: 1 } }, addSchema, validate);
    expect(r).toMatchObject({ kind: 'checked', status: 'invalid' });
    if (r.kind === 'checked' && r.status === 'invalid')
      expect(r.issues.map((i) => i.keyword).sort()).toEqual(['additionalProperties', 'required', 'type']);
  });
  it('flags a missing structuredContent, noting isError results', () => {
    expect(checkOutput({ content: [] }, addSchema, validate)).toEqual({ kind: 'missing', isError: false });
    expect(checkOutput({ content: [], isError: true }, addSchema, validate)).toEqual({ kind: 'missing', isError: true });
  });
  it('structuredContent of any JSON type, with or without a schema', () => {
    expect(checkOutput({ structuredContent: [1, 2] }, { type: 'array', items: { type: 'number' } }, validate)).toMatchObject({
      status: 'valid',
    });
    expect(checkOutput({ structuredContent: null }, undefined, validate)).toEqual({ kind: 'unchecked' });
    expect(checkOutput({}, undefined, validate)).toEqual({ kind: 'none' });
    expect(checkOutput({ structuredContent: {} }, addSchema, null)).toEqual({ kind: 'pending' });
  });
});
