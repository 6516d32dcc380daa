// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubListLayout } from '../../lib/testListLayout';
import { notification } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { ROW_HEIGHT } from './FrameRow';
import { FramesPanel } from './FramesPanel';

const HEADER = 24;
const VIEWPORT = 600;

const layout = stubListLayout(VIEWPORT);
afterEach(cleanup);

function setup(initial: number) {
  const services = testServices();
  const { store } = services;
  store.enqueue({
    type: 'hello',
    wireVersion: 1,
    sessions: [
      { id: 's1', name: 'demo', state: 'connected', transport: 'stdio', target: 'x', createdAt: 0, wrapped: false, era: 'legacy' },
    ],
  });
  for (let seq = 1; seq <= initial; seq++) store.enqueue(notification(seq, 'notifications/message'));
  store.enqueue({ type: 'ready' });
  activeSessionStore.set('s1');
  render(<FramesPanel />, { wrapper: services.wrapper });
  let next = initial + 1;
  /** A batch from the proxy: applied in one store flush (one render). */
  const batch = (n: number) =>
    act(() => {
      for (let i = 0; i < n; i++) store.enqueue(notification(next++, 'notifications/message'));
    });
  const list = () => screen.getByTestId('frame-list');
  const rows = () => Array.from(list().querySelectorAll<HTMLElement>('[data-testid="frame-row"]'));
  const seqs = () => rows().map((r) => Number(r.dataset.seq));
  const bottom = (count: number) => HEADER + count * ROW_HEIGHT;
  return { batch, list, rows, seqs, bottom };
}

describe('frame log: follow the tail', () => {
  it('shows the last rows and pins the list to the bottom after each batch, without reading its layout', () => {
    const t = setup(10);
    expect(t.seqs().at(-1)).toBe(10);
    layout.scrollHeightReads = 0;
    t.batch(1000);
    expect(t.seqs().at(-1)).toBe(1010);
    // Only the tail is in the DOM: the visible rows and a few above, not the rows at the old offset.
    expect(t.seqs()[0]).toBeGreaterThan(1010 - 40);
    expect(t.list().scrollTop).toBeGreaterThanOrEqual(t.bottom(1010) - VIEWPORT);
    expect(layout.scrollHeightReads).toBe(0);
    // The scroll event of that pin keeps following (by then the browser's layout is up to date).
    fireEvent.scroll(t.list());
    layout.scrollHeightReads = 0;
    t.batch(5);
    expect(t.seqs().at(-1)).toBe(1015);
    expect(t.list().scrollTop).toBeGreaterThanOrEqual(t.bottom(1015) - VIEWPORT);
    expect(layout.scrollHeightReads).toBe(0);
    expect(screen.queryByTestId('frames-new')).toBeNull();
  });

  it('a batch of more rows than a screen reuses the row elements; in a trickle each row keeps its own', () => {
    const t = setup(100);
    t.batch(1000); // rows all new: from now on keyed by slot
    const before = t.rows();
    t.batch(1000);
    expect(t.seqs().at(-1)).toBe(2100);
    // The same elements, now showing the new rows.
    expect(t.rows().every((row, i) => row === before[i])).toBe(true);
    t.batch(1); // overlaps what was shown: keyed by frame again (one remount)
    const kept = new Map(t.rows().map((row) => [row.dataset.seq, row]));
    t.batch(1);
    expect(t.seqs().at(-1)).toBe(2102);
    // Each row still in view is the element it was; only the new one is made.
    for (const row of t.rows().slice(0, -1)) expect(row).toBe(kept.get(row.dataset.seq));
  });

  it('stops following when the user scrolls up, counts new frames, and jumps back to the tail', () => {
    const t = setup(100);
    act(() => {
      t.list().scrollTop = 500;
      fireEvent.scroll(t.list());
    });
    t.batch(25);
    expect(t.list().scrollTop).toBe(500); // the user's position is kept
    expect(t.seqs()).toContain(Math.floor(500 / ROW_HEIGHT)); // the rows at that position
    expect(t.seqs().at(-1)).toBeLessThan(125);
    expect(screen.getByTestId('frames-new').textContent).toContain('25 new frames');

    fireEvent.click(screen.getByTestId('frames-new'));
    expect(screen.queryByTestId('frames-new')).toBeNull();
    expect(t.seqs().at(-1)).toBe(125);
    expect(t.list().scrollTop).toBeGreaterThanOrEqual(t.bottom(125) - VIEWPORT);
    t.batch(3);
    expect(t.seqs().at(-1)).toBe(128);
  });

  it('a wheel up stops following at once', () => {
    const t = setup(100);
    fireEvent.wheel(t.list(), { deltaY: -40 });
    t.batch(2);
    expect(screen.getByTestId('frames-new').textContent).toContain('2 new frames');
  });
});
