import { useEffect, useRef } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import type { SessionLog } from './sessionLog';
import { useServices } from './services';

/**
 * Calls `onFrame` once for each frame appended to a session's log while mounted.
 * `fromStart` replays the frames already there first (for counters over the whole session);
 * otherwise only frames that arrive after mounting are seen (for reactions such as invalidation).
 * Scans only the new tail on each store change, so a busy log costs O(new frames).
 */
export function useNewFrames(sessionId: string | null, onFrame: (frame: FrameEvent) => void, fromStart = false): void {
  const { store } = useServices();
  const callback = useRef(onFrame);
  callback.current = onFrame;

  useEffect(() => {
    if (!sessionId) return;
    let log: SessionLog | undefined;
    let next = 0;
    let mounting = true;
    const scan = () => {
      const current = store.log(sessionId);
      if (current !== log) {
        // Frames already in the log at mount are old news (unless fromStart); a log that
        // appears later holds only frames that arrived after mount, so all of them count.
        next = fromStart || !current || !mounting ? 0 : current.frames.length;
        log = current;
      }
      mounting = false;
      if (!log) return;
      const end = log.frames.length;
      for (const frame of log.frames.range(next, end)) callback.current(frame);
      next = end;
    };
    scan();
    return store.subscribe(scan);
  }, [store, sessionId, fromStart]);
}

/** A notification the server sent: `dir: in`, a method and no id. */
export function isServerNotification(frame: FrameEvent, method?: string): boolean {
  const msg = frame.msg;
  if (frame.dir !== 'in' || !msg || typeof msg.method !== 'string' || 'id' in msg) return false;
  return method === undefined || msg.method === method;
}
