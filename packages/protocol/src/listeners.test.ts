import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners.js';

describe('Listeners', () => {
  it('calls each listener in the order added, with the arguments; the function add returns removes it', () => {
    const l = new Listeners<[string, number]>();
    const calls: string[] = [];
    const removeA = l.add((s, n) => calls.push(`a ${s} ${n}`));
    l.add((s, n) => calls.push(`b ${s} ${n}`));
    l.emit('x', 1);
    removeA();
    removeA(); // twice is harmless
    l.emitIsolated('y', 2);
    l.clear();
    l.emit('z', 3);
    expect(calls).toEqual(['a x 1', 'b x 1', 'b y 2']);
  });

  it('emit walks a copy: a listener added or removed while it runs counts from the next emit; a throw reaches the caller', () => {
    const l = new Listeners();
    const calls: string[] = [];
    let removeB = (): void => undefined;
    l.add(() => {
      calls.push('a');
      removeB();
      l.add(() => calls.push('c'));
    });
    removeB = l.add(() => calls.push('b'));
    l.emit();
    expect(calls).toEqual(['a', 'b']);
    const failing = new Listeners();
    failing.add(() => {
      throw new Error('boom');
    });
    failing.add(() => calls.push('after'));
    expect(() => failing.emit()).toThrow('boom');
    expect(calls).not.toContain('after');
  });

  it('emitIsolated: a listener that throws fails alone, onError hears of it with the arguments, the rest still run', () => {
    const heard: Array<[unknown, string]> = [];
    const l = new Listeners<[string]>((err, s) => heard.push([(err as Error).message, s]));
    const calls: string[] = [];
    l.add(() => {
      throw new Error('boom');
    });
    l.add((s) => calls.push(s));
    expect(() => l.emitIsolated('event')).not.toThrow();
    expect(calls).toEqual(['event']);
    expect(heard).toEqual([['boom', 'event']]);
    const quiet = new Listeners();
    quiet.add(() => {
      throw new Error('no one listens');
    });
    expect(() => quiet.emitIsolated()).not.toThrow();
  });
});
