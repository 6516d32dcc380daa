import { describe, expect, it } from 'vitest';
import { expandTemplate, templateProblem, templateVariables } from './uriTemplate';

describe('templateVariables', () => {
  it('reads variables across operators and modifiers, in order, once each', () => {
    expect(templateVariables('demo://items/{id}')).toEqual(['id']);
    expect(templateVariables('file:///{+path}{?q,lang:2}{&page*}')).toEqual(['path', 'q', 'lang', 'page']);
    expect(templateVariables('x://{a}/{a}/{#frag}')).toEqual(['a', 'frag']);
    expect(templateVariables('no variables')).toEqual([]);
  });
});

describe('expandTemplate', () => {
  it('expands with percent-encoding per operator', () => {
    expect(expandTemplate('demo://items/{id}', { id: '3' })).toEqual({ uri: 'demo://items/3', missing: [] });
    expect(expandTemplate('x://s/{name}', { name: 'a b/c' }).uri).toBe('x://s/a%20b%2Fc');
    expect(expandTemplate('file:///{+path}', { path: 'a b/c' }).uri).toBe('file:///a%20b/c');
  });
  it('drops empty variables and reports them', () => {
    expect(expandTemplate('x://s{?q,page}', { q: 'hi', page: '' })).toEqual({ uri: 'x://s?q=hi', missing: ['page'] });
  });
});

describe('templateProblem', () => {
  it('flags malformed templates', () => {
    expect(templateProblem('demo://items/{id}')).toBeNull();
    expect(templateProblem('demo://items/{id')).toBe('unbalanced braces');
    expect(templateProblem('x://{a b}')).toBe('bad expression {a b}');
  });
});
