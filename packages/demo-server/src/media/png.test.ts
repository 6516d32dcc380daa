import { inflateSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { crc32, demoPng, encodePng } from './png.js';
import { demoWav } from './wav.js';

function chunks(png: Buffer): Array<{ type: string; data: Buffer; crcOk: boolean }> {
  const out = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    out.push({ type, data, crcOk: crc === crc32(png.subarray(offset + 4, offset + 8 + length)) });
    offset += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes a valid RGBA PNG whose pixels inflate back', () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128]);
    const png = encodePng(2, 1, rgba);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const parsed = chunks(png);
    expect(parsed.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parsed.every((c) => c.crcOk)).toBe(true);
    expect(parsed[0].data.readUInt32BE(0)).toBe(2);
    expect(parsed[0].data.readUInt32BE(4)).toBe(1);
    expect([...inflateSync(parsed[1].data)]).toEqual([0, ...rgba]);
  });

  it('rejects a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(4))).toThrow(RangeError);
  });

  it('draws the demo image at the requested size', () => {
    expect(chunks(demoPng(16))[0].data.readUInt32BE(0)).toBe(16);
  });
});

describe('demoWav', () => {
  it('writes a RIFF/WAVE header that matches the data size', () => {
    const wav = demoWav({ durationMs: 100, sampleRate: 8000 });
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(40)).toBe(1600);
    expect(wav.length).toBe(44 + 1600);
  });
});
