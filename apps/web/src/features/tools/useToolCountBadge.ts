import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** The tab badge: how many tools the active session listed (from the query cache; never fetches). */
export function useToolCountBadge(): string | null {
  const sessionId = useValue(activeSessionStore);
  const queryClient = useQueryClient();
  const get = (): string | null => {
    if (!sessionId) return null;
    const data = queryClient.getQueryData<InfiniteData<Record<string, unknown>>>([sessionId, 'tools/list']);
    if (!data) return null;
    const n = data.pages.reduce((sum, page) => sum + (Array.isArray(page.tools) ? page.tools.length : 0), 0);
    return String(n);
  };
  return useSyncExternalStore((cb) => queryClient.getQueryCache().subscribe(cb), get, get);
}
