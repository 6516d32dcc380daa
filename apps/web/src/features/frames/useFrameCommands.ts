import { useEffect, useRef } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { activeTabStore } from '../../lib/uiState';
import type { FrameLogModel } from './useFrameLogModel';
import type { FrameReplayModel } from './useFrameReplay';
import type { PinnedFramesModel } from './usePinnedFrames';

/** What a frame action acts on: the frame under the row menu (else the selected one), and for Edit and replay the session to send from. */
export interface FrameTarget {
  frame: FrameEvent;
  session?: string;
}

/**
 * The actions on a frame (lib/actionCatalogue.ts), bound while the Frames tab is mounted: the
 * palette's (on the selected frame, while the tab is in view), the row menu's (on its frame)
 * and the frame list's keys (P pins, / goes to the filter).
 */
export function useFrameCommands(m: FrameLogModel, pins: PinnedFramesModel, replay: FrameReplayModel, focusFilter: () => void): void {
  const latest = useRef({ m, pins, replay, focusFilter });
  latest.current = { m, pins, replay, focusFilter };
  useEffect(() => {
    const selected = () => (activeTabStore.getSnapshot() === 'frames' ? latest.current.m.selectedFrame : undefined);
    const frameOf = (target: FrameTarget | undefined) => target?.frame ?? selected();
    const offs = [
      bindAction<FrameTarget>(ACTIONS.replayFrame, {
        enabled: (ctx) => {
          const f = frameOf(ctx?.target);
          return f !== undefined && latest.current.replay.actionsOf(f).replayBlocked === undefined;
        },
        perform: ({ target }) => {
          const f = frameOf(target)!;
          // From the row menu: the replayed frame's detail opens, where its result shows.
          if (latest.current.replay.replay(f) && target) latest.current.m.select(f.seq, true);
        },
      }),
      bindAction<FrameTarget>(ACTIONS.editReplayFrame, {
        // From a trace: one item per live session it can be sent from.
        menuLabel: ({ target }) => {
          const name =
            target && latest.current.replay.actionsOf(target.frame).fromTrace
              ? latest.current.replay.actionsOf(target.frame).editTargets.find((t) => t.id === target.session)?.name
              : undefined;
          return name === undefined ? ACTIONS.editReplayFrame.menuLabel : `✎ Edit and replay in “${name}”…`;
        },
        enabled: (ctx) => {
          const f = frameOf(ctx?.target);
          return f !== undefined && latest.current.replay.actionsOf(f).editTargets.length > 0;
        },
        perform: ({ target }) => void latest.current.replay.editAndReplay(frameOf(target)!, target?.session),
      }),
      bindAction<FrameTarget>(ACTIONS.pinFrame, {
        enabled: (ctx) => frameOf(ctx?.target) !== undefined,
        menuLabel: ({ target }) => (target && latest.current.pins.isPinned(target.frame.seq) ? 'Unpin' : ACTIONS.pinFrame.menuLabel),
        perform: ({ target }) => void latest.current.pins.toggle(frameOf(target)!),
      }),
      bindAction(ACTIONS.focusFramesFilter, { perform: () => latest.current.focusFilter() }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
