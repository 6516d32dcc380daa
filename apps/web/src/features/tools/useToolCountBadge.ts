import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { isOffline } from '../../lib/capabilities';
import { recordedListing } from '../../lib/recordedListing';
import { useSessionLog, useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

const countTools = (pages: readonly Record<string, unknown>[]) =>
  pages.reduce((sum, page) => sum + (Array.isArray(page.tools) ? page.tools.length : 0), 0);

/**
 * The tab badge: how many tools the active session listed (from the query cache; never fetches),
 * or, for a trace, how many its last recorded tools/list had.
 */
export function useToolCountBadge(): string | null {
  const sessionId = useValue(activeSessionStore);
  const offline = useStoreSelector((s) => isOffline(s.sessions.find((x) => x.id === sessionId)));
  const { log, version } = useSessionLog(offline ? sessionId : null);
  const recorded = useMemo(() => (log ? recordedListing(log.frames.range(), 'tools/list') : undefined), [log, version]); // the log changes in place: `version` says when
  const queryClient = useQueryClient();
  const get = (): string | null => {
    if (!sessionId || offline) return null;
    const data = queryClient.getQueryData<InfiniteData<Record<string, unknown>>>([sessionId, 'tools/list']);
    return data ? String(countTools(data.pages)) : null;
  };
  const cached = useSyncExternalStore((cb) => queryClient.getQueryCache().subscribe(cb), get, get);
  if (offline) return recorded ? String(countTools(recorded.pages)) : null;
  return cached;
}
