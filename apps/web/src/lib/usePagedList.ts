import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { isOffline } from './capabilities';
import { recordedListing } from './recordedListing';
import { useSessionLog, useStoreSelector } from './services';
import { useWorkbenchApi, type OriginReason } from './workbenchApi';

/** Pages fetched by "load all" at most; a server that never stops paging is not followed forever. */
export const MAX_PAGES = 100;

export interface PagedList<T> {
  items: T[];
  /** Entries of the pages that did not match the schema (shown as a count, never dropped silently). */
  invalid: number;
  pages: number;
  hasMore: boolean;
  loadMore(): void;
  loadAll(): Promise<void>;
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch(): void;
  /**
   * A session opened from a trace: the listing is the one the trace recorded (the last complete
   * one), never requested. `complete: false` when the trace holds only part of one.
   */
  recorded?: { complete: boolean };
}

/**
 * A cursor-paginated MCP list (`tools/list`, `resources/list`, `prompts/list`…; spec
 * server/utilities/pagination) as one infinite query under `[sessionId, method]`, so a
 * `…/list_changed` invalidation (useInvalidateOnNotification) refetches every page loaded.
 * A cursor the server repeats ends the paging instead of looping.
 * For an offline session (a trace) the pages come from the recorded frames instead (lib/recordedListing).
 */
export function usePagedList<T>(
  sessionId: string | null,
  method: string,
  itemsKey: string,
  itemSchema: z.ZodType<T>,
  enabled: boolean,
  origin: OriginReason,
): PagedList<T> {
  const wb = useWorkbenchApi();
  const offline = useStoreSelector((s) => isOffline(s.sessions.find((x) => x.id === sessionId)));
  const { log, version } = useSessionLog(offline ? sessionId : null);
  const recorded = useMemo(() => (log ? recordedListing(log.frames.range(), method) : undefined), [log, version, method]); // the log changes in place: `version` says when
  const query = useInfiniteQuery({
    queryKey: [sessionId, method],
    enabled: enabled && !offline && sessionId !== null,
    initialPageParam: undefined as string | undefined,
    // A listing is fetched once per session and kept (until list_changed or the user's ↻):
    // remounting a tab, e.g. on switching sessions, must not send it again.
    staleTime: Infinity,
    queryFn: ({ pageParam }) => wb.result(sessionId!, method, pageParam === undefined ? undefined : { cursor: pageParam }, origin),
    getNextPageParam: (last, _all, lastParam, allParams) => {
      const next = last.nextCursor;
      if (typeof next !== 'string' || next === lastParam || allParams.includes(next) || allParams.length >= MAX_PAGES) return undefined;
      return next;
    },
  });
  const pages = offline ? recorded?.pages : query.data?.pages;
  const parsed = useMemo(() => {
    const items: T[] = [];
    let invalid = 0;
    for (const page of pages ?? []) {
      const raw = page[itemsKey];
      for (const entry of Array.isArray(raw) ? raw : []) {
        const r = itemSchema.safeParse(entry);
        if (r.success) items.push(r.data);
        else invalid++;
      }
      if (raw !== undefined && !Array.isArray(raw)) invalid++;
    }
    return { items, invalid };
  }, [pages, itemsKey, itemSchema]);

  return {
    ...parsed,
    pages: pages?.length ?? 0,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    async loadAll() {
      let r = await query.fetchNextPage();
      while (r.hasNextPage && !r.isError) r = await r.fetchNextPage();
    },
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
    ...(offline
      ? {
          hasMore: false,
          isLoading: false,
          isFetching: false,
          error: null,
          loadMore() {},
          async loadAll() {},
          refetch() {},
          recorded: { complete: recorded?.complete ?? false },
        }
      : {}),
  };
}
