import { describe, expect, it } from 'vitest';
import { buildParams, checkParamOptions, isStringProperty, parseArgValue, type ParamOptions } from './call-params.js';
import { AnswerFileSchema } from './headless-answers.js';

const opts = (o: Partial<ParamOptions>): ParamOptions => ({ arg: [], ...o });

describe('--arg values', () => {
  it('are JSON when they parse, else text', () => {
    expect(parseArgValue('42')).toBe(42);
    expect(parseArgValue('true')).toBe(true);
    expect(parseArgValue('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseArgValue('"quoted"')).toBe('quoted');
    expect(parseArgValue('hello world')).toBe('hello world');
    expect(parseArgValue('')).toBe('');
  });

  it('stay text for string-typed inputs', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string' },
        n: { type: ['string', 'null'] },
        e: { enum: ['a', 'b'] },
        x: { type: 'number' },
        m: { type: ['string', 'number'] },
      },
    };
    expect(['s', 'n', 'e', 'x', 'm', 'missing'].filter((k) => isStringProperty(schema, k))).toEqual(['s', 'n', 'e']);
    expect(isStringProperty(undefined, 's')).toBe(false);
  });
});

describe('buildParams', () => {
  it('tools/call: --tool and --arg over --params', () => {
    const params = buildParams(
      'tools/call',
      opts({
        params: { name: 'old', arguments: { keep: 1, zip: 'x' } },
        tool: 'geo',
        arg: [
          ['zip', '01234'],
          ['n', '7'],
        ],
      }),
      new Set(['zip']),
    );
    expect(params).toEqual({ name: 'geo', arguments: { keep: 1, zip: '01234', n: 7 } });
  });

  it('tools/call --tool without --arg sends arguments: {} (SDK 1.0-era servers require it); --params stays as typed', () => {
    expect(buildParams('tools/call', opts({ tool: 'noop' }))).toEqual({ name: 'noop', arguments: {} });
    expect(buildParams('tools/call', opts({ params: { name: 'x', arguments: { a: 1 } }, tool: 'noop' }))).toEqual({
      name: 'noop',
      arguments: { a: 1 },
    });
    expect(buildParams('tools/call', opts({ params: { name: 'x' } }))).toEqual({ name: 'x' });
  });

  it('prompts/get arguments are strings; resources/read --uri; logging/setLevel --level', () => {
    expect(buildParams('prompts/get', opts({ prompt: 'p', arg: [['id', '3']] }))).toEqual({ name: 'p', arguments: { id: '3' } });
    expect(buildParams('resources/read', opts({ uri: 'demo://x' }))).toEqual({ uri: 'demo://x' });
    expect(buildParams('logging/setLevel', opts({ level: 'debug' }))).toEqual({ level: 'debug' });
    expect(buildParams('skills/get', opts({ skill: 'skill://a/SKILL.md' }))).toEqual({ uri: 'skill://a/SKILL.md' });
    expect(buildParams('ping', opts({}))).toBeUndefined();
    expect(buildParams('ping', opts({ params: {} }))).toEqual({});
    expect(buildParams('x', opts({ params: [1, 2] }))).toEqual([1, 2]);
  });

  it('refuses shortcuts that do not fit the method', () => {
    expect(() => checkParamOptions('tools/list', opts({ tool: 'x' }))).toThrow('--tool goes with tools/call');
    expect(() => checkParamOptions('tools/call', opts({ uri: 'x' }))).toThrow('--uri goes with resources/read');
    expect(() => checkParamOptions('skills/list', opts({ skill: 'x' }))).toThrow('--skill goes with skills/get');
    expect(() => checkParamOptions('ping', opts({ arg: [['a', 'b']] }))).toThrow('--arg goes with tools/call or prompts/get');
    expect(() => checkParamOptions('tools/call', opts({ params: [], tool: 'x' }))).toThrow('--params is an array');
    expect(() => checkParamOptions('tools/call', opts({ tool: 'x', arg: [['a', '1']] }))).not.toThrow();
  });
});

describe('--answer-file', () => {
  it('takes results as they are, or {result} / {error}', () => {
    const file = AnswerFileSchema.parse({
      'sampling/createMessage': { role: 'assistant', model: 'm', content: { type: 'text', text: 'x' } },
      'elicitation/create': { result: { action: 'decline' } },
      'x/y': { error: { code: -2, message: 'no' } },
    });
    expect(file['sampling/createMessage']).toEqual({ result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'x' } } });
    expect(file['elicitation/create']).toEqual({ result: { action: 'decline' } });
    expect(file['x/y']).toEqual({ error: { code: -2, message: 'no' } });
    expect(AnswerFileSchema.safeParse({ a: 1 }).success).toBe(false);
  });
});
