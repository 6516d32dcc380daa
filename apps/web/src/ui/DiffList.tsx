/** A one-line JSON preview, cut at `max` characters. */
function preview(value: unknown, max = 120): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

interface Diff {
  path: string;
  recorded?: unknown;
  live?: unknown;
}

/**
 * Response differences: path, then recorded (left) against live (right). `onMark`: each row
 * offers "Expected", which marks its path as expected to differ (it moves to the ignored ones).
 */
export function DiffList({
  differences,
  testId = 'compare-diff',
  onMark,
}: {
  differences: readonly Diff[];
  testId?: string;
  onMark?: (path: string) => void;
}) {
  return (
    <div data-testid={testId} className="rounded border border-line bg-panel">
      {differences.map((d, i) => (
        <div
          key={`${d.path}-${i}`}
          className={`grid ${onMark ? 'grid-cols-[minmax(120px,auto)_1fr_1fr_auto]' : 'grid-cols-[minmax(120px,auto)_1fr_1fr]'} items-center gap-2 border-b border-line/50 px-2 py-0.5 last:border-b-0`}
          data-testid="diff-row"
          data-path={d.path}
        >
          <span className="min-w-0 truncate text-accent" title={d.path}>
            {d.path}
          </span>
          <span className="truncate text-danger" title={preview(d.recorded, 2000)}>
            − {preview(d.recorded) || 'absent'}
          </span>
          <span className="truncate text-ok" title={preview(d.live, 2000)}>
            + {preview(d.live) || 'absent'}
          </span>
          {onMark && (
            <button
              type="button"
              className="btn h-5 px-1.5 text-[11px]"
              onClick={() => onMark(d.path)}
              title="This path is expected to differ: ignore it in this comparison from now on (listed as ignored)"
              data-testid="diff-mark-expected"
            >
              Expected
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

/** What a comparison left out as expected, and why: folded, so a pass hides nothing. */
export function IgnoredList({
  ignored,
  testId = 'diff-ignored',
}: {
  ignored: ReadonlyArray<Diff & { reasons: readonly string[] }>;
  testId?: string;
}) {
  if (ignored.length === 0) return null;
  const reasons = new Map<string, number>();
  for (const d of ignored) for (const r of d.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  return (
    <details className="text-[11px]" data-testid={testId} data-count={ignored.length}>
      <summary className="cursor-pointer text-muted select-none">
        {ignored.length} ignored as expected: {[...reasons].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(', ')}
      </summary>
      <div className="mt-0.5 rounded border border-line/60">
        {ignored.map((d, i) => (
          <div
            key={`${d.path}-${i}`}
            className="grid grid-cols-[minmax(120px,auto)_auto_1fr_1fr] gap-2 border-b border-line/40 px-2 py-0.5 text-subtle last:border-b-0"
            data-testid="diff-ignored-row"
            data-path={d.path}
          >
            <span className="min-w-0 truncate" title={d.path}>
              {d.path}
            </span>
            <span className="shrink-0 italic">{d.reasons.join(', ')}</span>
            <span className="truncate" title={preview(d.recorded, 2000)}>
              − {preview(d.recorded) || 'absent'}
            </span>
            <span className="truncate" title={preview(d.live, 2000)}>
              + {preview(d.live) || 'absent'}
            </span>
          </div>
        ))}
      </div>
    </details>
  );
}
