import { useMemo } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { frameFocusStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { clearPins, pinStore, pinsOf, togglePin, unpin, type Pin } from './pinnedFrames';
import type { FrameLogModel } from './useFrameLogModel';

/**
 * Presenter of the pinned strip: the session's pins (kept per session id, across session
 * switches and page reloads), toggling, and opening a pinned frame in the log — scrolled to and
 * selected, paged back from disk by its ordinal when it left memory. The virtualized log itself
 * is untouched: rows only ask `isPinned`.
 */
export function usePinnedFrames(m: Pick<FrameLogModel, 'sessionId' | 'log' | 'summary' | 'ordinalOf' | 'showFrame'>) {
  const { sessionId } = m;
  const pins = pinsOf(useValue(pinStore), sessionId);
  const pinned = useMemo(() => new Set(pins.map((p) => p.seq)), [pins]);

  const pinOf = (frame: FrameEvent): Pin => {
    const s = m.summary(frame);
    return { seq: frame.seq, index: m.ordinalOf(frame.seq), dir: frame.dir, kind: s.kind, method: s.method || 'raw line', t: frame.t };
  };

  return {
    pins,
    isPinned: (seq: number) => pinned.has(seq),
    /** Pins or unpins `frame`; returns whether it is pinned now. */
    toggle: (frame: FrameEvent): boolean => (sessionId ? togglePin(sessionId, pinOf(frame)) : false),
    unpin: (seq: number) => sessionId && unpin(sessionId, seq),
    clear: () => sessionId && clearPins(sessionId),
    /** The pinned frame when it is at hand (memory or the pager's cache), for the strip's row. */
    frameOf: (pin: Pin): FrameEvent | undefined => m.log?.frameBySeq(pin.seq),
    /** Selects the pinned frame in the log; if it is not at hand yet, as soon as it is. */
    open(pin: Pin): void {
      if (!sessionId) return;
      if (!m.showFrame(pin.seq, pin.index))
        frameFocusStore.set({ sessionId, seq: pin.seq, ...(pin.index >= 0 ? { index: pin.index } : {}) });
    },
  };
}

export type PinnedFramesModel = ReturnType<typeof usePinnedFrames>;
