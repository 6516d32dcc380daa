import { useState } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { useNewFrames } from '../../lib/useNewFrames';
import { ClientRequestLog, type ClientRequestEntry } from './clientRequestLog';

/** The server→client requests of a session and their answers, kept up to date as frames arrive. */
export function useClientRequestLog(sessionId: string | null): readonly ClientRequestEntry[] {
  const [state, setState] = useState<{ sessionId: string | null; log: ClientRequestLog; entries: readonly ClientRequestEntry[] }>(() => ({
    sessionId,
    log: new ClientRequestLog(),
    entries: [],
  }));
  // A new session starts a new log (the scan replays its frames from the start).
  const current = state.sessionId === sessionId ? state : { sessionId, log: new ClientRequestLog(), entries: [] };
  if (current !== state) setState(current);
  useNewFrames(
    sessionId,
    (frame: FrameEvent) => {
      if (current.log.observe(frame)) setState((s) => (s.log === current.log ? { ...s, entries: [...s.log.entries] } : s));
    },
    true,
  );
  return current.entries;
}
