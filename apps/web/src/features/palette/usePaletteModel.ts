import { useMemo, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { boundActionsStore, isEnabled, labelOf, performAction } from '../../lib/actions';
import { focusWhenShown } from '../../lib/focusTarget';
import { navigate } from '../../lib/navigation';
import { activeSessionStore } from '../../lib/uiState';
import { useFeature } from '../../lib/useFeature';
import { usePagedList } from '../../lib/usePagedList';
import { useValue } from '../../lib/valueStore';
import { fuzzyFilter } from './fuzzy';
import { buildPaletteItems, parseQuery, type PaletteAction, type PaletteItem, type PaletteView } from './paletteItems';
import { closeOverlay } from './paletteStore';

// Only what the palette shows; the tabs parse the same cached pages with their own schemas.
const Named = z.looseObject({ name: z.string(), title: z.string().optional(), description: z.string().optional() });
const Resource = z.looseObject({ uri: z.string(), name: z.string().optional(), title: z.string().optional() });

/**
 * Presenter of the command palette (Ctrl/⌘-K): fuzzy search over views, the active session's
 * tools, resources and prompts, and actions. Lists come from TanStack Query's cache under the
 * same keys the tabs use (`[sessionId, method]`), fetched here only if no tab has yet.
 * Mounted only while the palette is shown, so each opening starts with an empty query.
 */
export function usePaletteModel(views: readonly PaletteView[]) {
  const sessionId = useValue(activeSessionStore);
  const [query, setQueryState] = useState('');
  const [index, setIndex] = useState(0);
  const canList = {
    tools: useFeature(sessionId, 'tools').available,
    resources: useFeature(sessionId, 'resources').available,
    prompts: useFeature(sessionId, 'prompts').available,
  };
  const tools = usePagedList(sessionId, 'tools/list', 'tools', Named, canList.tools, 'palette: list tools');
  const resources = usePagedList(sessionId, 'resources/list', 'resources', Resource, canList.resources, 'palette: list resources');
  const prompts = usePagedList(sessionId, 'prompts/list', 'prompts', Named, canList.prompts, 'palette: list prompts');
  const bound = useValue(boundActionsStore);
  // Whether an action can run depends on the moment (a session, a selection): asked on every render.
  const actions: PaletteAction[] = bound
    .filter((a) => a.palette !== false && isEnabled(a, { source: 'palette' }))
    .map((a) => ({
      id: a.id,
      title: labelOf(a),
      keywords: a.keywords,
      shortcut: a.keys,
      run: () => void performAction(a.id, { source: 'palette' }),
    }));
  const listed = useMemo(
    () => buildPaletteItems({ views, tools: tools.items, resources: resources.items, prompts: prompts.items, actions: [], navigate }),
    [views, tools.items, resources.items, prompts.items],
  );
  const items = [...listed, ...buildPaletteItems({ views: [], tools: [], resources: [], prompts: [], actions, navigate })];
  const { text, kinds } = parseQuery(query);
  const results = fuzzyFilter(kinds ? items.filter((i) => kinds.has(i.kind)) : items, text, (i) => i.search);
  const active = Math.min(index, Math.max(results.length - 1, 0));

  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    closeOverlay();
    item.run();
    // A view, tool, resource or prompt: the focus goes where the next keystroke belongs (its first field).
    if (item.kind !== 'action') focusWhenShown(item.id);
  };

  return {
    query,
    setQuery(q: string) {
      setQueryState(q);
      setIndex(0);
    },
    results,
    active,
    setActive: setIndex,
    loading: tools.isFetching || resources.isFetching || prompts.isFetching,
    run,
    close: closeOverlay,
    onKeyDown(e: KeyboardEvent) {
      const move = (to: number) => {
        e.preventDefault();
        setIndex(Math.max(0, Math.min(results.length - 1, to)));
      };
      if (e.key === 'ArrowDown') move(active + 1);
      else if (e.key === 'ArrowUp') move(active - 1);
      else if (e.key === 'PageDown') move(active + 8);
      else if (e.key === 'PageUp') move(active - 8);
      else if (e.key === 'Enter') {
        e.preventDefault();
        run(results[active]?.item);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        closeOverlay();
      }
    },
  };
}
