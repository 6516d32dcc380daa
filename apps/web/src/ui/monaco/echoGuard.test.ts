import { describe, expect, it } from 'vitest';
import { EchoGuard } from './echoGuard';

describe('EchoGuard', () => {
  it('a stale prop (the render for "ab" while "abc" was typed) is an echo, never applied', () => {
    const g = new EchoGuard();
    g.emitted('a');
    g.emitted('ab');
    g.emitted('abc');
    expect(g.isEcho('ab')).toBe(true);
    expect(g.isEcho('abc')).toBe(true);
    // Once the prop caught up, an older text is no longer the editor's: it came from outside.
    expect(g.isEcho('a')).toBe(false);
  });

  it('a text the editor never reported (a template, a prefill) is applied', () => {
    const g = new EchoGuard();
    g.emitted('{"method":"ping"}');
    expect(g.isEcho('{"method":"tools/list"}')).toBe(false);
    g.reset();
    expect(g.isEcho('{"method":"ping"}')).toBe(false);
  });

  it('keeps at most `max` reports', () => {
    const g = new EchoGuard(3);
    for (const t of ['1', '2', '3', '4']) g.emitted(t);
    expect(g.isEcho('1')).toBe(false);
    expect(g.isEcho('2')).toBe(true);
  });
});
