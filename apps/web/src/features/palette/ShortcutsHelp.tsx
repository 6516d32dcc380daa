import { HELP_GROUPS } from '../../lib/actionCatalogue';
import { boundActionsStore, descriptionOf, type BoundAction } from '../../lib/actions';
import { useValue } from '../../lib/valueStore';
import { formatKeys } from './keys';
import { closeOverlay } from './paletteStore';

/** The actions with keys that are bound now, by heading (HELP_GROUPS order, then any other). */
export function shortcutGroups(actions: readonly BoundAction[]): Map<string, BoundAction[]> {
  const groups = new Map<string, BoundAction[]>(HELP_GROUPS.map((g) => [g, []]));
  for (const a of actions) if (a.keys !== undefined) groups.set(a.group ?? 'Other', [...(groups.get(a.group ?? 'Other') ?? []), a]);
  for (const [group, list] of groups) if (list.length === 0) groups.delete(group);
  return groups;
}

/** The `?` overlay: every shortcut that works now, grouped, with the keys of this platform. */
export default function ShortcutsHelp() {
  const groups = shortcutGroups(useValue(boundActionsStore));
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 pt-[10vh]" onMouseDown={closeOverlay}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        tabIndex={-1}
        ref={(el) => el?.focus()}
        className="max-h-[75vh] w-[min(560px,92vw)] overflow-auto rounded-md border border-line bg-surface p-3 shadow-2xl outline-none"
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === '?') {
            e.preventDefault();
            closeOverlay();
          }
        }}
        data-testid="shortcuts-help"
      >
        <div className="mb-2 flex items-center">
          <h2 className="text-sm font-semibold">Keyboard shortcuts</h2>
          <span className="flex-1" />
          <button className="btn btn-ghost" onClick={closeOverlay} aria-label="Close">
            ✕
          </button>
        </div>
        {[...groups].map(([group, list]) => (
          <section key={group} className="mb-2">
            <h3 className="section-title px-0">{group}</h3>
            <table className="w-full text-xs">
              <tbody>
                {list.map((a) => (
                  <tr key={a.id} className="border-t border-line" data-testid="shortcut" data-action={a.id}>
                    <td className="w-40 py-1">
                      <kbd className="rounded border border-line bg-raised px-1.5 py-0.5 font-mono text-[11px]">{formatKeys(a.keys!)}</kbd>
                    </td>
                    <td className="py-1 text-muted">{descriptionOf(a)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        <p className="mt-2 text-[11px] text-subtle">Call, re-run and cancel apply to the view in sight, when it offers them.</p>
      </div>
    </div>
  );
}
