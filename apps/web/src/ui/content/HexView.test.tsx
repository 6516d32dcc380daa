// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hexLine } from './contentKind';
import { HexView, hexBytesPerRow, hexRow, hexRowChars } from './HexView';

afterEach(cleanup);

describe('HexView layout', () => {
  it('takes 16 bytes a row where a row fits, else 8', () => {
    expect(hexRowChars(16)).toBe(78);
    expect(hexRowChars(8)).toBe(45);
    expect(hexBytesPerRow(undefined)).toBe(16);
    expect(hexBytesPerRow(78)).toBe(16);
    expect(hexBytesPerRow(77)).toBe(8);
    expect(hexBytesPerRow(20)).toBe(8); // narrower still: it scrolls sideways
  });

  it('formats a row of 16 as the shared hexLine does, and a row of 8 without the middle gap', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x41]);
    expect(hexRow(bytes, 0, 16)).toEqual(hexLine(bytes, 0));
    expect(hexRow(bytes, 1, 16)).toEqual(hexLine(bytes, 1));
    expect(hexRow(bytes, 1, 8)).toEqual({ offset: '00000008', hex: '00 00 00 0d 49 48 44 52', ascii: '....IHDR' });
    expect(hexRow(bytes, 2, 8)).toEqual({ offset: '00000010', hex: '41', ascii: 'A' });
  });

  it('is as wide as a row, so a narrow pane scrolls instead of cutting the ASCII column', () => {
    render(<HexView bytes={new Uint8Array(40)} />);
    const hex = screen.getByTestId('resource-hex');
    expect(hex.dataset.bytesPerRow).toBe('16'); // no layout in jsdom: the width is unknown
    expect((hex.lastElementChild as HTMLElement).style.minWidth).toBe('78ch');
    expect(screen.getAllByTestId('hex-row')).toHaveLength(3);
  });
});
