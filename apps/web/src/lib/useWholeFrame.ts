import { useSyncExternalStore } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { useSessionState } from './services';

export interface WholeFrame<F extends FrameEvent | undefined> {
  /** The whole frame once read back, else the row as given. */
  frame: F;
  /** A compact row whose whole event is being read. */
  loading: boolean;
  /** A compact row whose whole event could not be read (asked again a little later). */
  failed: boolean;
}

const noSubscribe = (l: () => void) => (void l, () => undefined);

/** The whole frame of a row that is shown: a compact row's event is read back through the session's FrameBodies. */
export function useWholeFrame<F extends FrameEvent | undefined>(sessionId: string | null, row: F): WholeFrame<F> {
  const bodies = useSessionState(sessionId)?.bodies;
  useSyncExternalStore(bodies?.subscribe ?? noSubscribe, () => bodies?.version ?? 0);
  if (!row?.compact || !bodies) return { frame: row, loading: false, failed: false };
  const whole = bodies.whole(row);
  if (whole) return { frame: whole as F, loading: false, failed: false };
  const failed = bodies.failed(row.seq);
  return { frame: row, loading: !failed, failed };
}
