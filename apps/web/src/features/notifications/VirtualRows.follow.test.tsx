// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubListLayout } from '../../lib/testListLayout';
import type { ColumnSpec } from '../../ui/columns/columnWidths';
import { useColumnWidths } from '../../ui/columns/useColumnWidths';
import { ROW_HEIGHT, VirtualRows } from './VirtualRows';

const HEADER = 24;
const VIEWPORT = 600;
const COLUMNS: readonly ColumnSpec[] = [{ id: 'data', label: 'Data', width: 200, flex: true }];

const layout = stubListLayout(VIEWPORT);
afterEach(cleanup);

function List({ count, following }: { count: number; following: boolean }) {
  const cols = useColumnWidths('follow-test', COLUMNS);
  const follow = { follow: following, newCount: 0, setAtBottom: () => undefined, jumpToLatest: () => undefined };
  return (
    <VirtualRows
      count={count}
      follow={follow}
      label="rows"
      testId="rows"
      cols={cols}
      renderRow={(i, top) => <div key={i} data-testid="row" data-index={i} data-top={top} />}
    />
  );
}

const drawn = () => screen.getAllByTestId('row').map((r) => Number(r.dataset.index));

describe('VirtualRows follows the tail without reading layout', () => {
  it('draws the last rows after each append, pinned to the bottom, with no scrollHeight read', () => {
    const { rerender } = render(<List count={100} following />);
    layout.scrollHeightReads = 0;
    act(() => rerender(<List count={5000} following />));
    const rows = drawn();
    expect(Math.max(...rows)).toBe(4999);
    expect(rows.length).toBeLessThan(40); // the visible tail and a few above, not the old offset's rows too
    expect(screen.getByTestId('rows').scrollTop).toBe(HEADER + 5000 * ROW_HEIGHT);
    expect(layout.scrollHeightReads).toBe(0);
    const last = screen.getAllByTestId('row').find((r) => r.dataset.index === '4999')!;
    expect(Number(last.dataset.top)).toBe(4999 * ROW_HEIGHT);
  });

  it('leaves the scroll position alone when not following', () => {
    const { rerender } = render(<List count={100} following={false} />);
    const list = screen.getByTestId('rows');
    list.scrollTop = 0;
    act(() => rerender(<List count={5000} following={false} />));
    expect(list.scrollTop).toBe(0);
    expect(drawn()).toContain(0);
  });
});
