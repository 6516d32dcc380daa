import { describe, expect, it } from 'vitest';
import { base64Of, dataUrlOf, downloadMimeOf, essenceOf, isActiveMime } from './mediaUrl';

/** Server bytes never become a same-origin URL of an active type. */
describe('isActiveMime', () => {
  it('treats SVG, HTML, XML and anything unknown or malformed as active', () => {
    for (const m of [
      'image/svg+xml',
      'text/html',
      'application/xhtml+xml',
      'text/xml',
      'application/xml',
      'IMAGE/SVG+XML; charset=utf-8',
      'image/x-unknown',
      'application/javascript',
      'text/javascript',
      undefined,
      '',
      'nonsense',
      'image/png,<svg>',
    ])
      expect(isActiveMime(m), String(m)).toBe(true);
  });
  it('knows the inert media types', () => {
    for (const m of ['image/png', 'image/jpeg', 'IMAGE/GIF', 'image/webp; q=1', 'audio/wav', 'audio/mpeg', 'application/octet-stream'])
      expect(isActiveMime(m), m).toBe(false);
  });
});

describe('downloadMimeOf', () => {
  it('keeps a passive type, turns an active one into octet-stream', () => {
    expect(downloadMimeOf('image/png')).toBe('image/png');
    expect(downloadMimeOf('image/svg+xml')).toBe('application/octet-stream');
    expect(downloadMimeOf('text/html;charset=utf-8')).toBe('application/octet-stream');
    expect(downloadMimeOf(undefined)).toBe('application/octet-stream');
  });
});

describe('dataUrlOf', () => {
  const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  it('is always a data: URL with the base64 of the bytes, never blob:', () => {
    const url = dataUrlOf(bytes, 'image/svg+xml');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url.split(',')[1]!)).toBe(new TextDecoder().decode(bytes));
  });
  it('puts only the essence of a crafted mimeType in the URL', () => {
    expect(dataUrlOf(bytes, 'image/png;charset=x')).toMatch(/^data:image\/png;base64,/);
    expect(dataUrlOf(bytes, 'text/html,<script>alert(1)</script>;base64')).toMatch(/^data:application\/octet-stream;base64,/);
    expect(essenceOf('a/b c')).toBeNull();
  });
  it('encodes large inputs in chunks', () => {
    const big = new Uint8Array(200_000).map((_, i) => i % 251);
    const back = Uint8Array.from(atob(base64Of(big)), (c) => c.charCodeAt(0));
    expect(back).toEqual(big);
  });
});
