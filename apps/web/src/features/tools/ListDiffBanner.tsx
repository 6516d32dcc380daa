import { useState } from 'react';
import { JsonTree } from '../../ui/JsonTree';
import { summarizeDiff } from './toolListDiff';
import type { ListChange } from './useToolsModel';

/**
 * The tool list changed since the user last acknowledged it: which tools were added, removed
 * or changed, and for a changed one its before/after — a server may swap a tool's description
 * or schema after it was reviewed (a "rug pull").
 */
export function ListDiffBanner({
  change,
  onAcknowledge,
  onSelect,
}: {
  change: ListChange;
  onAcknowledge: () => void;
  onSelect: (name: string) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const { diff } = change;
  const opened = diff.changed.find((c) => c.name === open);
  return (
    <div className="shrink-0 border-b border-warn/50 bg-warn/10 px-2 py-1 text-xs" data-testid="tool-list-diff" role="status">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="font-semibold text-warn">⚠ The tool list changed</span>
        <span className="text-muted">
          ({summarizeDiff(diff)}, {change.cause === 'notification' ? 'after notifications/tools/list_changed' : 'on re-list'})
        </span>
        {diff.added.map((n) => (
          <button key={`a-${n}`} className="chip border-ok/50 text-ok" data-change="added" data-name={n} onClick={() => onSelect(n)}>
            + {n}
          </button>
        ))}
        {diff.removed.map((n) => (
          <span key={`r-${n}`} className="chip border-danger/50 text-danger line-through" data-change="removed" data-name={n}>
            − {n}
          </span>
        ))}
        {diff.changed.map((c) => (
          <button
            key={`c-${c.name}`}
            className="chip border-warn/60 text-warn"
            data-change="changed"
            data-name={c.name}
            aria-expanded={open === c.name}
            onClick={() => setOpen(open === c.name ? null : c.name)}
            title="Show before / after"
          >
            ~ {c.name}: {c.fields.join(', ') || 'other fields'}
          </button>
        ))}
        <span className="flex-1" />
        <button className="btn" onClick={onAcknowledge} data-testid="tool-list-diff-ack">
          Acknowledge
        </button>
      </div>
      {opened && (
        <div
          className="mt-1 grid max-h-72 grid-cols-2 gap-2 overflow-auto rounded border border-line bg-surface p-1"
          data-testid="tool-list-diff-detail"
        >
          {(['before', 'after'] as const).map((side) => (
            <div key={side} className="min-w-0">
              <div className="section-title px-0">{side}</div>
              <JsonTree
                value={Object.fromEntries(
                  opened.fields.length ? opened.fields.map((f) => [f, opened[side][f]]) : Object.entries(opened[side]),
                )}
                openDepth={4}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
