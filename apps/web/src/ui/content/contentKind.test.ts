import { describe, expect, it } from 'vitest';
import { blobKind, decodeBase64, fileNameFor, hexLine, hexRowCount, textKind, utf8Size } from './contentKind';

describe('textKind', () => {
  it('uses the mime type first', () => {
    expect(textKind('{"a":1}', 'application/json')).toBe('json');
    expect(textKind('{"a":1}', 'application/vnd.api+json')).toBe('json');
    expect(textKind('not json', 'application/json')).toBe('text');
    expect(textKind('# Title', 'text/markdown')).toBe('markdown');
    expect(textKind('{"a":1}', 'text/csv')).toBe('text');
  });
  it('sniffs JSON and .md when there is no telling mime type', () => {
    expect(textKind(' [1,2]')).toBe('json');
    expect(textKind('{"a":1}', 'text/plain')).toBe('json');
    expect(textKind('# hi', undefined, 'file:///README.md')).toBe('markdown');
    expect(textKind('{broken')).toBe('text');
    expect(textKind('hello')).toBe('text');
  });
});

describe('isTextualMime', () => {
  it('knows text-like mime types', async () => {
    const { isTextualMime } = await import('./contentKind');
    expect(['text/plain', 'application/json', 'application/ld+json', 'image/svg+xml'].map(isTextualMime)).toEqual([true, true, true, true]);
    expect(['image/png', 'application/octet-stream', undefined].map((m) => isTextualMime(m))).toEqual([false, false, false]);
  });
});

describe('blobKind', () => {
  it('previews images and audio, everything else is binary', () => {
    expect(blobKind('image/png')).toBe('image');
    expect(blobKind('audio/wav')).toBe('audio');
    expect(blobKind('application/octet-stream')).toBe('binary');
    expect(blobKind(undefined)).toBe('binary');
  });
});

describe('decodeBase64', () => {
  it('decodes standard and url-safe base64, padded or not', () => {
    expect([...decodeBase64('AAEC/w==')!]).toEqual([0, 1, 2, 255]);
    expect([...decodeBase64('AAEC_w')!]).toEqual([0, 1, 2, 255]);
    expect([...decodeBase64('')!]).toEqual([]);
  });
  it('rejects what is not base64', () => {
    expect(decodeBase64('not base64!')).toBeNull();
    expect(decodeBase64('A')).toBeNull();
  });
});

describe('hex dump', () => {
  const bytes = new Uint8Array([...'Hello, world!\n'].map((c) => c.charCodeAt(0)).concat([0, 1, 255, 0x41]));
  it('formats 16 bytes per row with offset, hex and printable ASCII', () => {
    expect(hexRowCount(bytes.length)).toBe(2);
    expect(hexLine(bytes, 0)).toEqual({
      offset: '00000000',
      hex: '48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 01',
      ascii: 'Hello, world!...',
    });
    expect(hexLine(bytes, 1)).toEqual({ offset: '00000010', hex: 'ff 41', ascii: '.A' });
  });
});

describe('fileNameFor', () => {
  it('takes the last path segment and adds an extension from the mime type', () => {
    expect(fileNameFor('demo://static/pixel.png', 'image/png')).toBe('pixel.png');
    expect(fileNameFor('demo://items/3', 'application/json')).toBe('3.json');
    expect(fileNameFor('file:///a/b/../x%20y?v=1', undefined)).toBe('x y');
    expect(fileNameFor(undefined, 'application/octet-stream')).toBe('resource');
    expect(fileNameFor('x://h/..', undefined)).toBe('resource');
  });
  it('sizes text in UTF-8 bytes', () => {
    expect(utf8Size('é')).toBe(2);
  });
});

describe('analyzeContent', () => {
  it('tells text kinds and blob kinds apart, with sizes', async () => {
    const { analyzeContent } = await import('./contentKind');
    expect(analyzeContent({ text: '{"a":1}', mimeType: 'application/json' })).toMatchObject({ kind: 'json', size: 7 });
    expect(analyzeContent({ blob: 'AAEC', mimeType: 'image/png' })).toMatchObject({ kind: 'image', size: 3 });
    expect(analyzeContent({ blob: 'AAEC' })).toMatchObject({ kind: 'binary', size: 3 });
    expect(analyzeContent({ blob: '!!' })).toMatchObject({ kind: 'invalid', error: 'blob is not valid base64' });
    expect(analyzeContent({})).toMatchObject({ kind: 'invalid' });
  });
});
