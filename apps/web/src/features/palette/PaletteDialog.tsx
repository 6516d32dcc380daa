import { useEffect, useRef } from 'react';
import type { FuzzyMatch } from './fuzzy';
import type { PaletteItem, PaletteView } from './paletteItems';
import { formatKeys } from './keys';
import { usePaletteModel } from './usePaletteModel';

const KIND_LABEL = { view: 'View', tool: 'Tool', resource: 'Resource', prompt: 'Prompt', action: 'Action' } as const;

/** The palette dialog: fuzzy search over views, tools, resources, prompts and actions. */
export default function PaletteDialog({ views }: { views: readonly PaletteView[] }) {
  const m = usePaletteModel(views);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [m.active]);
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 pt-[12vh]" onMouseDown={m.close}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="flex max-h-[60vh] w-[min(640px,92vw)] flex-col overflow-hidden rounded-md border border-line bg-surface shadow-2xl"
        onMouseDown={(e) => e.stopPropagation()}
        data-testid="command-palette"
      >
        <input
          autoFocus
          className="h-10 w-full border-b border-line bg-surface px-3 text-sm text-fg outline-none placeholder:text-subtle"
          placeholder="Go to a tool, resource, prompt or view…  (“>” for actions)"
          value={m.query}
          onChange={(e) => m.setQuery(e.target.value)}
          onKeyDown={m.onKeyDown}
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-results"
          aria-activedescendant={m.results[m.active] ? `palette-${m.active}` : undefined}
          data-testid="palette-input"
        />
        <ul id="palette-results" role="listbox" ref={listRef} className="min-h-0 flex-1 overflow-y-auto py-1">
          {m.results.length === 0 && <li className="px-3 py-2 text-xs text-subtle">{m.loading ? 'Loading lists…' : 'Nothing matches.'}</li>}
          {m.results.map(({ item, match }, i) => (
            <Row
              key={item.id}
              id={`palette-${i}`}
              item={item}
              match={match}
              active={i === m.active}
              onHover={() => m.setActive(i)}
              onPick={() => m.run(item)}
            />
          ))}
        </ul>
        <div className="flex gap-3 border-t border-line bg-panel px-3 py-1 text-[11px] text-subtle">
          <span>↑↓ move</span>
          <span>Enter open</span>
          <span>Esc close</span>
          <span className="flex-1" />
          {m.loading && <span>loading lists…</span>}
        </div>
      </div>
    </div>
  );
}

function Row({
  id,
  item,
  match,
  active,
  onHover,
  onPick,
}: {
  id: string;
  item: PaletteItem;
  match: FuzzyMatch;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`flex cursor-pointer items-center gap-2 px-3 py-1 ${active ? 'bg-selected' : ''}`}
      onMouseMove={onHover}
      onClick={onPick}
      data-testid="palette-item"
      data-kind={item.kind}
      data-id={item.id}
    >
      <span className="w-16 shrink-0 text-[10px] tracking-wide text-muted uppercase">{KIND_LABEL[item.kind]}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-xs text-fg">
          <Highlighted text={item.title} indexes={match.indexes} searchPrefix={item.search.startsWith(item.title)} />
        </span>
        {item.detail && <span className="block truncate text-[11px] text-muted">{item.detail}</span>}
      </span>
      {item.shortcut && (
        <kbd className="rounded border border-line bg-raised px-1 font-mono text-[10px] text-muted">{formatKeys(item.shortcut)}</kbd>
      )}
    </li>
  );
}

/** Bolds the matched characters when the search text starts with the title (else plain). */
function Highlighted({ text, indexes, searchPrefix }: { text: string; indexes: number[]; searchPrefix: boolean }) {
  if (!searchPrefix || indexes.length === 0) return <>{text}</>;
  const hit = new Set(indexes);
  return (
    <>
      {[...text].map((ch, i) =>
        hit.has(i) ? (
          <b key={i} className="text-accent">
            {ch}
          </b>
        ) : (
          ch
        ),
      )}
    </>
  );
}
