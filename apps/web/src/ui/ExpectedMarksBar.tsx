import { useState } from 'react';
import { expectedMarksStore, marksFor, unmarkExpected } from '../lib/expectedMarks';
import { useValue } from '../lib/valueStore';

/**
 * The marks that apply to a comparison (this pair's and the global ones), each removable, and
 * where the next "Expected" goes: this pair only (the default) or every comparison.
 */
export function ExpectedMarksBar({ pair, global, setGlobal }: { pair: string; global: boolean; setGlobal: (on: boolean) => void }) {
  const store = useValue(expectedMarksStore);
  const marks = marksFor(store, pair);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-muted" data-testid="expected-marks">
      <label
        className="flex items-center gap-1"
        title="Where “Expected” saves a path: for this pair of sources only, or for every replay and compare (kept in this browser)"
      >
        <input type="checkbox" checked={global} onChange={(e) => setGlobal(e.target.checked)} data-testid="expected-marks-global" />
        marks apply to every comparison
      </label>
      {marks.length > 0 && (
        <button
          type="button"
          className="hover:text-fg"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="expected-marks-toggle"
        >
          {open ? '▾' : '▸'} {marks.length} path{marks.length === 1 ? '' : 's'} marked expected
        </button>
      )}
      {open && (
        <ul className="w-full">
          {marks.map((m) => (
            <li key={m} className="flex items-center gap-1 font-mono" data-testid="expected-mark">
              <span className="min-w-0 truncate" title={m}>
                {m}
                {store.global.includes(m) ? ' (every comparison)' : ''}
              </span>
              <button
                type="button"
                className="shrink-0 text-subtle hover:text-danger"
                aria-label={`Unmark ${m}`}
                onClick={() => unmarkExpected(pair, m)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
