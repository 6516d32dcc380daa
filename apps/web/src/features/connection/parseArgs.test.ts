import { describe, expect, it } from 'vitest';
import { formatArgs, parseArgs } from './parseArgs';

describe('parseArgs', () => {
  it.each([
    ['', []],
    ['  a   b ', ['a', 'b']],
    [`-y @modelcontextprotocol/server-everything`, ['-y', '@modelcontextprotocol/server-everything']],
    [`--name "hello world" 'single $HOME'`, ['--name', 'hello world', 'single $HOME']],
    [`a\\ b "x\\"y" 'it'\\''s'`, ['a b', 'x"y', "it's"]],
    [`--opt="" ''`, ['--opt=', '']],
    [`"C:\\path\\to"`, ['C:\\path\\to']],
  ])('splits %j', (line, expected) => {
    expect(parseArgs(line)).toEqual({ ok: true, args: expected });
  });

  it('reports an unterminated quote', () => {
    expect(parseArgs(`--x "oops`)).toEqual({ ok: false, error: 'unterminated double quote' });
    expect(parseArgs(`'oops`)).toMatchObject({ ok: false });
  });

  it('round-trips through formatArgs', () => {
    const args = ['plain', 'with space', "it's", '', '$HOME', 'a"b', '--k=v'];
    expect(parseArgs(formatArgs(args))).toEqual({ ok: true, args });
  });
});
