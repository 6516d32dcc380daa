import { sendBlockedReason } from '../../lib/capabilities';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigationTarget } from '../../lib/navigation';
import { useStoreSelector } from '../../lib/services';
import { useFeature } from '../../lib/useFeature';
import { useInvalidateOnNotification } from '../../lib/useInvalidateOnNotification';
import { usePagedList } from '../../lib/usePagedList';
import { ToolItemSchema, type Tool } from './tool';
import { diffToolLists, isEmptyDiff, type ToolListDiff } from './toolListDiff';

/** Pages fetched without asking; past that a "Load more" button appears. */
export const AUTO_PAGES = 20;

export interface ListChange {
  diff: ToolListDiff;
  before: readonly Tool[];
  after: readonly Tool[];
  cause: 'notification' | 'relist';
  at: number;
}

export function matchesSearch(tool: Tool, q: string): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [tool.name, tool.title, tool.annotations?.title, tool.description].some((s) => s?.toLowerCase().includes(needle));
}

/**
 * The tool list of a session: every page (tools/list with nextCursor), search, selection,
 * jumps from elsewhere (lib/navigation), and the change banner — a list that differs from
 * the one the user last acknowledged, after `notifications/tools/list_changed` or a re-list.
 */
export function useToolsModel(sessionId: string | null) {
  const session = useStoreSelector((s) => (sessionId ? s.sessions.find((x) => x.id === sessionId) : undefined));
  const availability = useFeature(sessionId, 'tools');
  const list = usePagedList(sessionId, 'tools/list', 'tools', ToolItemSchema, availability.available, 'tools: list');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [change, setChange] = useState<ListChange | null>(null);
  const cause = useRef<ListChange['cause']>('relist');
  const baseline = useRef<{ sessionId: string | null; tools: readonly Tool[] | null }>({ sessionId: null, tools: null });

  useInvalidateOnNotification(sessionId, 'notifications/tools/list_changed', 'tools/list', () => (cause.current = 'notification'));

  const { hasMore, isFetching, pages, loadMore, items } = list;
  useEffect(() => {
    if (hasMore && !isFetching && pages < AUTO_PAGES) loadMore();
  }, [hasMore, isFetching, pages, loadMore]);

  const complete = !hasMore && !isFetching && !list.error && pages > 0;
  useEffect(() => {
    if (!complete) return;
    const base = baseline.current;
    if (base.sessionId !== sessionId || base.tools === null) {
      baseline.current = { sessionId, tools: items };
      setChange(null);
      return;
    }
    const diff = diffToolLists(base.tools, items);
    setChange(isEmptyDiff(diff) ? null : { diff, before: base.tools, after: items, cause: cause.current, at: Date.now() });
    cause.current = 'relist';
  }, [complete, items, sessionId]);

  useNavigationTarget('tool', sessionId, (name) => {
    setSelected(name);
    setSearch('');
  });

  const filtered = useMemo(() => items.filter((t) => matchesSearch(t, search.trim())), [items, search]);
  const tool = items.find((t) => t.name === selected) ?? (selected === null ? filtered[0] : undefined);

  return {
    session,
    /** Why tools/list (↻) cannot be sent now, e.g. a trace. */
    blockedReason: sendBlockedReason(session),
    availability,
    list,
    tools: items,
    filtered,
    search,
    setSearch,
    tool,
    /** A selected tool that is no longer listed (removed by the server). */
    missing: selected !== null && !items.some((t) => t.name === selected) && complete ? selected : null,
    select: setSelected,
    change,
    /** Accepts the current list as the new baseline. */
    acknowledge() {
      baseline.current = { sessionId, tools: items };
      setChange(null);
    },
    relist() {
      cause.current = 'relist';
      list.refetch();
    },
  };
}

export type ToolsModel = ReturnType<typeof useToolsModel>;
