import { useMemo, useRef, useState } from 'react';
import { useNewFrames } from '../../lib/useNewFrames';
import { ReceiverTaskIndex, type ReceiverTask } from './receiverTasks';

/** The tasks mcpscope runs for the server in `sessionId`, from its frames (receiverTasks.ts); never another session's. */
export function useReceiverTasks(sessionId: string | null): ReceiverTask[] {
  const ref = useRef<{ sessionId: string | null; index: ReceiverTaskIndex }>({ sessionId, index: new ReceiverTaskIndex() });
  if (ref.current.sessionId !== sessionId) ref.current = { sessionId, index: new ReceiverTaskIndex() };
  const index = ref.current.index;
  const [changes, setChanges] = useState(0);
  useNewFrames(
    sessionId,
    (frame) => {
      const before = index.version;
      index.apply(frame);
      if (index.version !== before) setChanges((n) => n + 1);
    },
    true,
  );
  return useMemo(() => index.list(), [index, changes]); // the log changes in place: `changes` says when
}
