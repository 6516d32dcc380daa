import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isServerNotification, useNewFrames } from './useNewFrames';

/**
 * Invalidates the queries under `[sessionId, listMethod]` when the server sends
 * `notification` (e.g. `notifications/tools/list_changed` → `tools/list`), in both eras
 * (the engine forwards list_changed as frames; spec server/tools#list-changed-notification).
 * Only notifications that arrive after mount count: the first fetch already has the news.
 * `onNotified` runs for each such notification (e.g. to say the server changed the list).
 */
export function useInvalidateOnNotification(
  sessionId: string | null,
  notification: string,
  listMethod: string,
  onNotified?: () => void,
): void {
  const queryClient = useQueryClient();
  const notified = useRef(onNotified);
  notified.current = onNotified;
  useNewFrames(sessionId, (frame) => {
    if (!isServerNotification(frame, notification)) return;
    notified.current?.();
    void queryClient.invalidateQueries({ queryKey: [sessionId, listMethod] });
  });
}
