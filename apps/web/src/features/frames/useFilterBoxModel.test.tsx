// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FILTER_HELP } from '@mcpscope/protocol';
import { filterSegments, useFilterBoxModel } from './useFilterBoxModel';

afterEach(cleanup);

/** The box over a text the test sets; `applied` as the Frames model would say. */
function setup(initial: string, applied = true) {
  return renderHook(() => {
    const [text, setText] = useState(initial);
    const [isApplied, setApplied] = useState(applied);
    const box = useFilterBoxModel({ text, applied: isApplied, applyText: (t) => (setText(t), setApplied(true)) });
    return { box, text, type: (t: string) => (setText(t), setApplied(false)), pause: () => setApplied(true) };
  });
}

describe('useFilterBoxModel', () => {
  it('flags an unknown term with its position and says what was meant', () => {
    const { result } = setup('method:tools/* is:erorr');
    expect(result.current.box.message).toBe('unknown term "is:erorr" — did you mean is:error?');
    expect(result.current.box.more).toBe(0);
    expect(result.current.box.segments).toEqual([
      { text: 'method:tools/* ', start: 0 },
      { text: 'is:erorr', start: 15, diagnostic: expect.objectContaining({ term: 'is:erorr' }) },
    ]);
  });

  it('does not flag a term while it is being typed, only once the text is applied', () => {
    const { result } = setup('');
    act(() => result.current.type('is:er'));
    expect(result.current.box.diagnostics).toEqual([]);
    expect(result.current.box.message).toBeUndefined();
    act(() => result.current.pause());
    expect(result.current.box.message).toBe('unknown term "is:er" — did you mean is:error?');
  });

  it('puts the suggested term in place of the flagged one and applies it', () => {
    const { result } = setup('-iss:error echo');
    act(() => result.current.box.fix(result.current.box.diagnostics[0]!));
    expect(result.current.text).toBe('-is:error echo');
    expect(result.current.box.diagnostics).toEqual([]);
  });

  it('counts the other flagged terms', () => {
    const { result } = setup('foo:bar dir:up is:');
    expect(result.current.box.diagnostics.map((d) => d.term)).toEqual(['foo:bar', 'dir:up', 'is:']);
    expect(result.current.box.more).toBe(2);
  });

  it('offers every term of the grammar in the help, has: included, and applies an example', () => {
    const { result } = setup('echo method:tools/list');
    expect(result.current.box.help).toBe(FILTER_HELP);
    expect(result.current.box.help.map((r) => r.term)).toEqual(
      expect.arrayContaining(['has:finding', 'has:error', 'is:error', 'is:failed', 'method:<glob>']),
    );
    act(() => result.current.box.setHelpOpen(true));
    act(() => result.current.box.applyExample('method:tools/*'));
    expect(result.current.text).toBe('echo method:tools/*'); // a term of the same key is replaced
    expect(result.current.box.helpOpen).toBe(false);
    act(() => result.current.box.applyExample('is:failed'));
    expect(result.current.text).toBe('echo method:tools/* is:failed');
  });
});

describe('filterSegments', () => {
  it('cuts the text into plain and flagged runs that add up to the text', () => {
    const d = (start: number, end: number, term: string) => ({ start, end, term, message: 'm' });
    const segments = filterSegments('a x:1 b y:2', [d(2, 5, 'x:1'), d(8, 11, 'y:2')]);
    expect(segments.map((s) => [s.text, Boolean(s.diagnostic)])).toEqual([
      ['a ', false],
      ['x:1', true],
      [' b ', false],
      ['y:2', true],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('a x:1 b y:2');
  });
});
