/** A one-line JSON preview, cut at `max` characters. */
function preview(value: unknown, max = 120): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Response differences: path, then recorded (left) against live (right). */
export function DiffList({ differences, testId = 'compare-diff' }: { differences: { path: string; recorded?: unknown; live?: unknown }[]; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded border border-line bg-panel">
      {differences.map((d, i) => (
        <div key={`${d.path}-${i}`} className="grid grid-cols-[minmax(120px,auto)_1fr_1fr] gap-2 border-b border-line/50 px-2 py-0.5 last:border-b-0">
          <span className="text-accent">{d.path}</span>
          <span className="truncate text-danger" title={preview(d.recorded, 2000)}>− {preview(d.recorded) || 'absent'}</span>
          <span className="truncate text-ok" title={preview(d.live, 2000)}>+ {preview(d.live) || 'absent'}</span>
        </div>
      ))}
    </div>
  );
}

