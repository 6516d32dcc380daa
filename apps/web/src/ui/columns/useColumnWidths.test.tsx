// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnSpec } from './columnWidths';
import { ColumnHeaderRow } from './ColumnHeaderRow';
import { storageKey, useColumnWidths } from './useColumnWidths';

const COLUMNS: readonly ColumnSpec[] = [
  { id: 'dir', label: '', width: 20, resizable: false },
  { id: 'time', label: 'Time', width: 100, min: 40 },
  { id: 'method', label: 'Method', width: 140, min: 80, flex: true },
];

// Each test names its own table: the stores live for the page, as in the app.
let n = 0;
let table = '';
beforeEach(() => {
  table = `test${++n}`;
  localStorage.clear();
});
afterEach(cleanup);

const stored = () => JSON.parse(localStorage.getItem(storageKey(table)) ?? 'null') as unknown;

describe('useColumnWidths', () => {
  it('starts from the defaults, as a template for header and rows', () => {
    const { result } = renderHook(() => useColumnWidths(table, COLUMNS));
    expect(result.current.template).toBe('20px 100px minmax(140px,1fr)');
    expect(result.current.minWidth).toBe(260);
    expect(result.current.style).toEqual({ '--columns': '20px 100px minmax(140px,1fr)' });
  });

  it('resizes, clamped to the minimum; persists when asked (end of a drag), and resets to the default', () => {
    const { result } = renderHook(() => useColumnWidths(table, COLUMNS));
    act(() => result.current.setWidth('time', 10));
    expect(result.current.widthOf('time')).toBe(40);
    expect(stored()).toBeNull(); // a drag in progress is not written yet
    act(() => result.current.setWidth('time', 180));
    act(() => result.current.commit());
    expect(stored()).toEqual({ time: 180 });
    act(() => result.current.setWidth('dir', 90, true)); // an icon column does not resize
    expect(result.current.widthOf('dir')).toBe(20);
    act(() => result.current.reset('time'));
    expect(result.current.widthOf('time')).toBe(100);
    expect(localStorage.getItem(storageKey(table))).toBeNull();
  });

  it('reads what an earlier page stored, and shares it between the components of one table', () => {
    localStorage.setItem(storageKey(table), JSON.stringify({ method: 300, time: 'wide' }));
    const a = renderHook(() => useColumnWidths(table, COLUMNS));
    const b = renderHook(() => useColumnWidths(table, COLUMNS));
    expect(a.result.current.template).toBe('20px 100px minmax(300px,1fr)');
    act(() => a.result.current.setWidth('time', 120));
    expect(b.result.current.widthOf('time')).toBe(120);
  });

  it('ignores stored data it cannot read', () => {
    localStorage.setItem(storageKey(table), '{"time":');
    const { result } = renderHook(() => useColumnWidths(table, COLUMNS));
    expect(result.current.widthOf('time')).toBe(100);
  });

  it('the header handles resize by keyboard, without the keys reaching the table', () => {
    const onTableKey = vi.fn();
    function Table() {
      const cols = useColumnWidths(table, COLUMNS);
      return (
        <div onKeyDown={onTableKey} style={cols.style} data-testid="table">
          <ColumnHeaderRow cols={cols} />
        </div>
      );
    }
    render(<Table />);
    expect(screen.getAllByTestId('column-resize').map((h) => h.dataset.column)).toEqual(['time', 'method']);
    const handle = screen.getAllByTestId('column-resize')[0];
    expect(handle.getAttribute('aria-label')).toBe('Resize the Time column');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe('148');
    expect(stored()).toEqual({ time: 148 });
    expect(screen.getByTestId('table').style.getPropertyValue('--columns')).toBe('20px 148px minmax(140px,1fr)');
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('140');
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(handle.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.doubleClick(handle);
    expect(onTableKey).not.toHaveBeenCalled();
    fireEvent.keyDown(handle, { key: 'Tab' });
    expect(onTableKey).toHaveBeenCalledTimes(1);
  });
});
