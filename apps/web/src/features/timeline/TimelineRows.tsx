import { useLayoutEffect, useRef, useState } from 'react';
import { requestLabel } from '@mcpscope/protocol';
import { formatDuration } from '../../lib/format';
import { ROW_PX } from './layout';
import { useTrackGestures } from './useTrackGestures';
import type { TimelineModel } from './useTimelineModel';
import type { Bar } from './waterfall';
import { SpanRow } from './SpanRow';
import { tToX, visibleRows } from './zoom';

const OUTCOME_CLASS: Record<Bar['outcome'], string> = {
  ok: 'bg-ok/70 border-ok',
  error: 'bg-danger/70 border-danger',
  expected: 'bg-subtle/40 border-subtle',
  'is-error': 'bg-warn/70 border-warn',
  cancelled: 'bg-subtle/60 border-subtle',
  pending: 'bg-accent/40 border-accent border-dashed',
};

/**
 * The waterfall rows, virtualized: only rows inside the scroll viewport (plus overscan) are in
 * the DOM, and a bar is drawn only when it overlaps the visible time range.
 */
export function TimelineRows({ m, labelWidth }: { m: TimelineModel; labelWidth: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setScroll({ top: el.scrollTop, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const gestures = useTrackGestures(m, ref, labelWidth);
  const { first, last } = visibleRows(scroll.top, scroll.height, ROW_PX, m.rows);
  const t1 = m.timeAt(m.width);
  const middle = m.rowAt(Math.floor((scroll.top + scroll.height / 2) / ROW_PX));
  m.setFocusTime(middle?.kind === 'bar' ? middle.bar.start : null);
  const rows = [];
  for (let i = first; i <= last; i++) {
    const row = m.rowAt(i);
    if (!row) continue;
    const top = i * ROW_PX;
    if (row.kind === 'header') {
      rows.push(
        <div
          key={`h-${row.dir}`}
          className="absolute inset-x-0 flex items-center bg-panel px-2 text-[10px] font-semibold uppercase tracking-wide text-muted"
          style={{ top, height: ROW_PX }}
        >
          {row.dir === 'out' ? 'client → server requests' : 'server → client requests'} ({row.count})
        </div>,
      );
      continue;
    }
    if (row.kind === 'span') {
      rows.push(
        <SpanRow key={`s-${row.node.seq}`} m={m} top={top} node={row.node} requestSeq={row.bar.seq} labelWidth={labelWidth} t1={t1} />,
      );
      continue;
    }
    const bar = row.bar;
    const label = requestLabel(bar.method, bar.target);
    const end = bar.end ?? m.endT;
    const visible = end >= m.view.start && bar.start <= t1;
    rows.push(
      <div key={bar.seq} className="absolute inset-x-0 flex hover:bg-hover" style={{ top, height: ROW_PX }}>
        <div
          className="shrink-0 truncate border-r border-line px-2 font-mono text-[11px] leading-5"
          style={{ width: labelWidth }}
          title={`#${bar.seq} ${label}`}
          data-testid="timeline-label"
          data-seq={bar.seq}
        >
          {bar.method}
          {bar.target && <span className="text-muted"> {bar.target}</span>}
        </div>
        <div className="relative min-w-0 flex-1 overflow-hidden">
          {visible && <BarView m={m} bar={bar} label={label} end={end} dragging={gestures.dragging} />}
        </div>
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      role="grid"
      aria-label="Request waterfall"
      aria-rowcount={m.rows}
      data-testid="timeline-rows"
      className="relative min-h-0 flex-1 cursor-grab select-none overflow-y-auto overflow-x-hidden active:cursor-grabbing"
      onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      onPointerDown={gestures.onPointerDown}
      onPointerMove={gestures.onPointerMove}
      onPointerUp={gestures.onPointerUp}
    >
      <div style={{ height: m.rows * ROW_PX, position: 'relative' }}>{rows}</div>
    </div>
  );
}

function BarView({ m, bar, label, end, dragging }: { m: TimelineModel; bar: Bar; label: string; end: number; dragging: () => boolean }) {
  const x0 = tToX(m.view, bar.start);
  const x1 = tToX(m.view, end);
  // Clip to the visible area (a bar millions of pixels wide when zoomed in is still one div).
  const left = Math.max(-2, x0);
  const width = Math.max(2, Math.min(m.width + 2, x1) - left);
  const latency = bar.end !== undefined ? formatDuration(bar.end - bar.start) : 'pending';
  return (
    <button
      data-testid="timeline-bar"
      data-method={bar.method}
      data-seq={bar.seq}
      data-outcome={bar.outcome}
      data-target={bar.target}
      aria-label={label}
      title={`#${bar.seq} ${label} — ${bar.outcome === 'expected' ? 'an expected error (the era probe of a legacy server)' : bar.outcome}, ${latency}${bar.progress.length ? `, ${bar.progress.length} progress` : ''} (click to open the frame)`}
      className={`absolute top-1 h-3 cursor-pointer rounded-sm border ${OUTCOME_CLASS[bar.outcome]}`}
      style={{ left, width }}
      onClick={() => !dragging() && m.open(bar.seq)}
    >
      {bar.progress.map((p) => (
        <span
          key={p.seq}
          data-testid="timeline-progress"
          className="absolute top-0 h-full w-0.5 bg-fg/70"
          style={{ left: Math.max(0, tToX(m.view, p.t) - left) }}
          title={`progress ${p.progress}${p.total !== undefined ? ` / ${p.total}` : ''}`}
        />
      ))}
      {width > 60 && (
        <span className="pointer-events-none absolute left-full ml-1 whitespace-nowrap text-[10px] leading-3 text-muted">{latency}</span>
      )}
    </button>
  );
}
