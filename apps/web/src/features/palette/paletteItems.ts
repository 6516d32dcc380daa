import type { NavigationTarget } from '../../lib/navigation';

/** What the command palette lists: views (tabs), the session's tools/resources/prompts, actions. */
export type PaletteKind = 'view' | 'tool' | 'resource' | 'prompt' | 'action';

export interface PaletteItem {
  id: string;
  kind: PaletteKind;
  title: string;
  /** Second line: a description, a URI… */
  detail?: string;
  /** What the fuzzy search looks at (title and names, not long descriptions). */
  search: string;
  shortcut?: string;
  run: () => void;
}

/** A view as the navigation shows it, in display order (the n-th of the first nine is Alt+n). */
export interface PaletteView {
  id: string;
  label: string;
  /** The navigation group's name ("Traffic"), searched too. */
  group?: string;
}

/** An action the palette can run now (lib/actions.ts: a bound, enabled action listed in the palette). */
export interface PaletteAction {
  id: string;
  title: string;
  keywords?: string;
  /** Its keys, shown next to it. */
  shortcut?: string;
  run: () => void;
}

export interface PaletteSources {
  views: readonly PaletteView[];
  tools: ReadonlyArray<{ name: string; title?: string; description?: string }>;
  resources: ReadonlyArray<{ uri: string; name?: string; title?: string }>;
  prompts: ReadonlyArray<{ name: string; title?: string; description?: string }>;
  actions: readonly PaletteAction[];
  navigate: (tab: string, target?: NavigationTarget) => void;
}

const firstLine = (s?: string) => s?.split('\n')[0]?.slice(0, 120);

export function buildPaletteItems(s: PaletteSources): PaletteItem[] {
  const items: PaletteItem[] = [];
  s.views.forEach((v, i) =>
    items.push({
      id: `view:${v.id}`,
      kind: 'view',
      title: v.label,
      detail: v.group ? `${v.group} · go to the ${v.label} view` : `Go to the ${v.label} view`,
      search: `${v.label} view tab ${v.group ?? ''}`,
      shortcut: i < 9 ? `Alt+${i + 1}` : undefined,
      run: () => s.navigate(v.id),
    }),
  );
  for (const t of s.tools) {
    const title = t.title && t.title !== t.name ? `${t.name} — ${t.title}` : t.name;
    items.push({
      id: `tool:${t.name}`,
      kind: 'tool',
      title,
      detail: firstLine(t.description),
      search: `${t.name} ${t.title ?? ''}`,
      run: () => s.navigate('tools', { kind: 'tool', name: t.name }),
    });
  }
  for (const r of s.resources) {
    const name = r.title ?? r.name ?? r.uri;
    items.push({
      id: `resource:${r.uri}`,
      kind: 'resource',
      title: name,
      detail: r.uri,
      search: `${name} ${r.uri}`,
      run: () => s.navigate('resources', { kind: 'resource', name: r.uri }),
    });
  }
  for (const p of s.prompts) {
    const title = p.title && p.title !== p.name ? `${p.name} — ${p.title}` : p.name;
    items.push({
      id: `prompt:${p.name}`,
      kind: 'prompt',
      title,
      detail: firstLine(p.description),
      search: `${p.name} ${p.title ?? ''}`,
      run: () => s.navigate('prompts', { kind: 'prompt', name: p.name }),
    });
  }
  for (const a of s.actions) {
    items.push({
      id: `action:${a.id}`,
      kind: 'action',
      title: a.title,
      search: `${a.title} ${a.keywords ?? ''}`,
      shortcut: a.shortcut,
      run: a.run,
    });
  }
  return items;
}

/** "> theme" searches actions only (as in editors' palettes). */
export function parseQuery(query: string): { text: string; kinds: ReadonlySet<PaletteKind> | null } {
  const m = /^\s*>\s*(.*)$/.exec(query);
  return m ? { text: m[1], kinds: new Set<PaletteKind>(['action']) } : { text: query, kinds: null };
}
