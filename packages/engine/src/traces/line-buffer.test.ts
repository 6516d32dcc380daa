import { describe, expect, it } from 'vitest';
import { LineBuffer } from './line-buffer.js';

describe('LineBuffer', () => {
  it('holds exactly the UTF-8 of the lines pushed, and where each ends, whatever their characters', () => {
    const lines = ['{"a":1}\n', 'héllo wörld\n', 'emoji 😀 pair\n', 'lone \ud83d surrogate\n', '\n', `${'x'.repeat(300_000)}\n`];
    const buf = new LineBuffer();
    const sizes = lines.map((line) => buf.push(line));
    expect(sizes).toEqual(lines.map((line) => Buffer.byteLength(line)));
    expect(buf.lines).toBe(lines.length);
    const { data, ends } = buf.take();
    expect(Buffer.compare(data, Buffer.from(lines.join('')))).toBe(0);
    let end = 0;
    expect(ends).toEqual(sizes.map((n) => (end += n)));
  });

  it('pushLine adds the newline itself: the same bytes as pushing the line with it', () => {
    const buf = new LineBuffer();
    const texts = ['{"a":"ü"}', '', 'emoji 😀'];
    const sizes = texts.map((text) => buf.pushLine(text));
    expect(sizes).toEqual(texts.map((text) => Buffer.byteLength(`${text}\n`)));
    expect(buf.take().data.toString()).toBe(texts.map((text) => `${text}\n`).join(''));
  });

  it('starts a new batch after take(), and a batch that grew past the kept capacity does not change what was taken', () => {
    const buf = new LineBuffer();
    buf.push('first\n');
    expect(buf.take().data.toString()).toBe('first\n');
    expect(buf.lines).toBe(0);
    const big = `${'y'.repeat(9 * 1024 * 1024)}\n`;
    buf.push(big);
    const taken = buf.take();
    buf.push('after\n');
    expect(taken.data.length).toBe(big.length);
    expect(taken.data.subarray(0, 3).toString()).toBe('yyy');
    expect(buf.take()).toEqual({ data: Buffer.from('after\n'), ends: [6] });
  });
});
