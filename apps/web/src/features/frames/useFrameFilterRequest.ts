import { useEffect } from 'react';
import { frameFilterRequestStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

type FilterRequest = NonNullable<ReturnType<typeof frameFilterRequestStore.getSnapshot>>;

/** Applies (once) a request from another tab to show this session's frames with a filter. */
export function useFrameFilterRequest(sessionId: string | null, apply: (request: FilterRequest) => void): void {
  const request = useValue(frameFilterRequestStore);
  useEffect(() => {
    if (!request || request.sessionId !== sessionId) return;
    frameFilterRequestStore.set(null);
    apply(request);
  }, [request, sessionId]); // once per request: `apply` is a new function every render
}
