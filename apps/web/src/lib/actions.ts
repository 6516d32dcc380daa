import { isTextField, matchesKeys, type KeyChord } from './keyChords';
import { createValueStore } from './valueStore';

/**
 * The one registry of user actions (the record per action of lib/actionCatalogue.ts, with what
 * the feature that owns it does). It feeds the Ctrl/⌘-K palette, the keyboard (the window's
 * keys, and the keys of an area such as the frame list), the `?` list and the menus: an action
 * is listed where it can run, and runs where it is listed.
 */
export type ActionSource = 'palette' | 'keyboard' | 'menu' | 'button';

export interface ActionContext<T = unknown> {
  source: ActionSource;
  /** The key that ran it (keyboard). */
  event?: KeyChord & { preventDefault(): void };
  /** What a menu item or an area's key acts on (the frame under the menu, the focused view). */
  target?: T;
}

/** What the catalogue says of one action: the same everywhere it is shown. */
export interface ActionSpec {
  id: string;
  /** The palette's words for it (and the menus' and the `?` list's, unless they have their own). */
  label: string;
  /** The `?` list's words, when they differ from the palette's. */
  description?: string;
  /** More words the palette's fuzzy search matches, e.g. "reset query". */
  keywords?: string;
  /**
   * The keys that run it, as shown: "Mod+K", "?", "P" (Mod = Ctrl, or ⌘ on macOS). Listed in the
   * `?` list and next to the action in the palette; bound while the action is.
   */
  keys?: string;
  /** When `keys` names several chords ("Alt+1…9", "↑ ↓ Home End"): whether an event is one of them. */
  keyTest?: (e: KeyChord) => boolean;
  /** Where the keys work: the whole window (default) or an area whose key handler calls runAreaKeys. */
  area?: string;
  /** The `?` list's heading. */
  group?: string;
  /** Also runs while focus is in a text field (default: for Mod/Ctrl/Alt chords and Escape). */
  inInputs?: boolean;
  /** Listed in the palette (default true; false for what only makes sense as a key). */
  palette?: boolean;
  /** A menu item's words (a menu shows the action on its own target, not "the selected" one). */
  menuLabel?: string;
}

/** What the feature that owns an action does with it, bound while the feature is mounted. */
export interface ActionBinding<T = unknown> {
  perform(ctx: ActionContext<T>): void | boolean;
  /** Whether it can run now (the palette hides it, keys pass it by, a menu greys it). */
  enabled?(ctx?: ActionContext<T>): boolean;
  /** Words that depend on the moment (the era, the request waiting). */
  label?: () => string;
  description?: () => string;
  menuLabel?: (ctx: ActionContext<T>) => string;
}

export interface BoundAction extends ActionSpec {
  binding: ActionBinding;
}

export const boundActionsStore = createValueStore<readonly BoundAction[]>([]);

/** The catalogue's order (palette and `?` list), set by lib/actionCatalogue.ts. */
let order: ReadonlyMap<string, number> = new Map();
export function setActionOrder(ids: readonly string[]): void {
  order = new Map(ids.map((id, i) => [id, i]));
}
const rank = (a: BoundAction) => order.get(a.id) ?? Number.MAX_SAFE_INTEGER;

/** Binds `spec` to what it does; returns the function that unbinds it. A later binding of the same id replaces it. */
export function bindAction<T>(spec: ActionSpec, binding: ActionBinding<T>): () => void {
  installWindowKeys();
  const bound: BoundAction = { ...spec, binding: binding as ActionBinding };
  boundActionsStore.set((list) => [...list.filter((a) => a.id !== spec.id), bound].sort((a, b) => rank(a) - rank(b)));
  return () => boundActionsStore.set((list) => list.filter((a) => a !== bound));
}

export const labelOf = (a: BoundAction): string => a.binding.label?.() ?? a.label;
export const descriptionOf = (a: BoundAction): string => a.binding.description?.() ?? a.description ?? labelOf(a);
export const isEnabled = (a: BoundAction, ctx?: ActionContext): boolean => a.binding.enabled?.(ctx) ?? true;
export const menuLabelOf = (a: BoundAction, ctx: ActionContext): string => a.binding.menuLabel?.(ctx) ?? a.menuLabel ?? labelOf(a);

export function boundAction(id: string): BoundAction | undefined {
  return boundActionsStore.getSnapshot().find((a) => a.id === id);
}

/** Runs a bound action (a menu item, the palette); false when it is not bound, not enabled, or declined. */
export function performAction<T>(id: string, ctx: ActionContext<T>): boolean {
  const action = boundAction(id);
  if (!action || !isEnabled(action, ctx as ActionContext)) return false;
  return action.binding.perform(ctx as ActionContext) !== false;
}

const keysMatch = (a: BoundAction, e: KeyChord) => (a.keyTest ? a.keyTest(e) : matchesKeys(e, a.keys!));

/**
 * Runs the action of `area` (undefined: the window's) that `e` is the keys of (the last in the
 * catalogue first); true (and the key is used up) when one ran.
 */
export function runAreaKeys<T>(
  area: string | undefined,
  e: KeyChord & { preventDefault(): void; target?: EventTarget | null },
  target?: T,
): boolean {
  const list = boundActionsStore.getSnapshot();
  for (let i = list.length - 1; i >= 0; i--) {
    const a = list[i]!;
    if (a.area !== area || a.keys === undefined || !keysMatch(a, e)) continue;
    const chord = /(^|\+)(mod|ctrl|alt)\+/i.test(a.keys) || a.keys === 'Escape';
    if (area === undefined && isTextField(e.target ?? null) && !(a.inInputs ?? chord)) continue;
    const ctx: ActionContext<T> = { source: 'keyboard', event: e, target };
    if (!isEnabled(a, ctx as ActionContext)) continue;
    if (a.binding.perform(ctx as ActionContext) === false) continue;
    e.preventDefault();
    return true;
  }
  return false;
}

let installed = false;
function installWindowKeys(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', (e) => {
    if (!e.defaultPrevented) runAreaKeys(undefined, e);
  });
}
