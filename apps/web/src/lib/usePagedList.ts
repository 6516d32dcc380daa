import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useWorkbenchApi } from './workbenchApi';

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
}

/**
 * A cursor-paginated MCP list (`tools/list`, `resources/list`, `prompts/list`…; spec
 * server/utilities/pagination) as one infinite query under `[sessionId, method]`, so a
 * `…/list_changed` invalidation (useInvalidateOnNotification) refetches every page loaded.
 * A cursor the server repeats ends the paging instead of looping.
 */
export function usePagedList<T>(sessionId: string | null, method: string, itemsKey: string, itemSchema: z.ZodType<T>, enabled = true): PagedList<T> {
  const wb = useWorkbenchApi();
  const query = useInfiniteQuery({
    queryKey: [sessionId, method],
    enabled: enabled && sessionId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => wb.result(sessionId!, method, pageParam === undefined ? undefined : { cursor: pageParam }),
    getNextPageParam: (last, _all, lastParam, allParams) => {
      const next = last.nextCursor;
      if (typeof next !== 'string' || next === lastParam || allParams.includes(next) || allParams.length >= MAX_PAGES) return undefined;
      return next;
    },
  });
  const pages = query.data?.pages;
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
  };
}
