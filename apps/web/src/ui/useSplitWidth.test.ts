// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clampWidth, keyedWidth, useSplitWidth } from './useSplitWidth';

afterEach(() => localStorage.clear());

const o = { min: 220, max: 480, step: 16, initial: 280 };
const press = (key: string, shiftKey = false) =>
  ({ key, shiftKey, preventDefault: () => undefined }) as unknown as KeyboardEvent<HTMLElement>;

describe('keyedWidth', () => {
  it('widens with the arrow pointing away from the pane', () => {
    expect(keyedWidth('ArrowRight', false, 300, { ...o, edge: 'right' })).toBe(316);
    expect(keyedWidth('ArrowLeft', false, 300, { ...o, edge: 'right' })).toBe(284);
    expect(keyedWidth('ArrowLeft', false, 300, { ...o, edge: 'left' })).toBe(316);
    expect(keyedWidth('ArrowRight', true, 300, { ...o, edge: 'left' })).toBe(236);
  });

  it('stays within the limits; Home/End go to them, Enter restores the default', () => {
    expect(keyedWidth('ArrowLeft', true, 230, { ...o, edge: 'right' })).toBe(220);
    expect(keyedWidth('End', false, 300, { ...o, edge: 'right' })).toBe(480);
    expect(keyedWidth('Home', false, 300, { ...o, edge: 'right' })).toBe(220);
    expect(keyedWidth('Enter', false, 400, { ...o, edge: 'right' })).toBe(280);
    expect(keyedWidth('a', false, 400, { ...o, edge: 'right' })).toBeNull();
    expect(clampWidth(100, 220, 480)).toBe(220);
  });
});

describe('useSplitWidth', () => {
  it('remembers a keyboard resize and ignores a saved width outside the limits', () => {
    const { result, unmount } = renderHook(() => useSplitWidth('test.width', 280, 220, { edge: 'right', max: 480 }));
    expect(result.current.width).toBe(280);
    act(() => result.current.onKeyDown(press('ArrowRight')));
    expect(result.current.width).toBe(296);
    expect(result.current.handleProps['aria-valuenow']).toBe(296);
    expect(localStorage.getItem('test.width')).toBe('296');
    unmount();
    expect(renderHook(() => useSplitWidth('test.width', 280, 220, { edge: 'right', max: 480 })).result.current.width).toBe(296);
    localStorage.setItem('test.width', '9000');
    expect(renderHook(() => useSplitWidth('test.width', 280, 220, { edge: 'right', max: 480 })).result.current.width).toBe(280);
  });
});
