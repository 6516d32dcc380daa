import { describe, expect, it } from 'vitest';
import { defaultResult, displayRequestId, parseErrorAnswer, parseResult } from './answerTemplates';

describe('server request answers', () => {
  it('offers a result skeleton per method', () => {
    expect(defaultResult('roots/list', {})).toEqual({ roots: [] });
    expect(defaultResult('elicitation/create', { requestedSchema: { properties: { name: {}, age: {} } } })).toEqual({
      action: 'accept',
      content: { name: '', age: '' },
    });
    expect(defaultResult('sampling/createMessage', {})).toMatchObject({ role: 'assistant', stopReason: 'endTurn' });
  });

  it('validates results and errors before sending', () => {
    expect(parseResult('{"roots":[]}')).toEqual({ ok: true, body: { result: { roots: [] } } });
    expect(parseResult('[]')).toMatchObject({ ok: false });
    expect(parseResult('{')).toMatchObject({ ok: false });
    expect(parseErrorAnswer('-32603', 'no', '')).toEqual({ ok: true, body: { error: { code: -32603, message: 'no' } } });
    expect(parseErrorAnswer('1.5', 'no', '')).toMatchObject({ ok: false });
    expect(parseErrorAnswer('1', 'no', '{"a":1}')).toEqual({ ok: true, body: { error: { code: 1, message: 'no', data: { a: 1 } } } });
  });

  it('shows request ids as JSON-RPC wrote them', () => {
    expect(displayRequestId('n:3')).toBe('3');
    expect(displayRequestId('s:srv-2')).toBe('"srv-2"');
    expect(displayRequestId('other')).toBe('other');
  });
});
