import { describe, expect, it } from 'vitest';
import { MAX_TARGET, requestLabel, requestTarget } from './request-target.js';

describe('requestTarget', () => {
  it('names the tool, resource, prompt, completion ref or task a request acts on', () => {
    expect(requestTarget('tools/call', { name: 'echo', arguments: {} })).toBe('echo');
    expect(requestTarget('resources/read', { uri: 'file:///tmp/a.txt' })).toBe('file:///tmp/a.txt');
    expect(requestTarget('resources/subscribe', { uri: 'demo://counter' })).toBe('demo://counter');
    expect(requestTarget('prompts/get', { name: 'greeting' })).toBe('greeting');
    expect(
      requestTarget('completion/complete', { ref: { type: 'ref/prompt', name: 'greeting' }, argument: { name: 'n', value: '' } }),
    ).toBe('greeting');
    expect(requestTarget('completion/complete', { ref: { type: 'ref/resource', uri: 'demo://{id}' } })).toBe('demo://{id}');
    expect(requestTarget('tasks/get', { taskId: 't-1' })).toBe('t-1');
    expect(requestTarget('tools/list', {})).toBeUndefined();
    expect(requestLabel('tools/call', 'echo')).toBe('tools/call echo');
    expect(requestLabel('ping', undefined)).toBe('ping');
  });

  it('reads only own string fields (hostile params)', () => {
    expect(requestTarget('tools/call', undefined)).toBeUndefined();
    expect(requestTarget('tools/call', 'echo')).toBeUndefined();
    expect(requestTarget('tools/call', ['echo'])).toBeUndefined();
    expect(requestTarget('tools/call', { name: 42 })).toBeUndefined();
    expect(requestTarget('tools/call', { name: { toString: 'x' } })).toBeUndefined();
    expect(requestTarget('tools/call', Object.create({ name: 'inherited' }))).toBeUndefined();
    expect(requestTarget('completion/complete', { ref: 'greeting' })).toBeUndefined();
    expect(requestTarget('tools/call', { name: '   ' })).toBeUndefined();
    expect(requestTarget('constructor', { name: 'x' })).toBeUndefined();
    expect(requestTarget('__proto__', { name: 'x' })).toBeUndefined();
  });

  it('replaces control and bidi characters and caps the length', () => {
    expect(requestTarget('tools/call', { name: 'evil\u202etxt.exe\u0007\nx' })).toBe('evil\ufffdtxt.exe\ufffd\ufffdx');
    const long = requestTarget('resources/read', { uri: `file:///${'a'.repeat(1_000_000)}` })!;
    expect(long.length).toBe(MAX_TARGET);
    expect(long.endsWith('…')).toBe(true);
    // A cut never leaves half of a surrogate pair.
    const emoji = requestTarget('tools/call', { name: '😀'.repeat(100) })!;
    expect(emoji.endsWith('😀…')).toBe(true);
  });
});
