import { useEffect, useRef } from 'react';
import { registerCommand } from '../../lib/commands';
import { activeTabStore } from '../../lib/uiState';
import type { FrameLogModel } from './useFrameLogModel';
import type { FrameReplayModel } from './useFrameReplay';
import type { PinnedFramesModel } from './usePinnedFrames';

/** The command palette's actions on the selected frame (while the Frames tab is in view). */
export function useFrameCommands(m: FrameLogModel, pins: PinnedFramesModel, replay: FrameReplayModel): void {
  const latest = useRef({ m, pins, replay });
  latest.current = { m, pins, replay };
  useEffect(() => {
    const selected = () => (activeTabStore.getSnapshot() === 'frames' ? latest.current.m.selectedFrame : undefined);
    const canReplay = () => {
      const f = selected();
      return f !== undefined && latest.current.replay.actionsOf(f).replayBlocked === undefined;
    };
    const canEdit = () => {
      const f = selected();
      return f !== undefined && latest.current.replay.actionsOf(f).editTargets.length > 0;
    };
    const offs = [
      registerCommand({ id: 'frames.replay', title: 'Replay the selected frame', keywords: 'resend again send', when: canReplay, run: () => void latest.current.replay.replay(selected()!) }),
      registerCommand({ id: 'frames.edit-replay', title: 'Edit and replay the selected frame', keywords: 'composer resend edit', when: canEdit, run: () => void latest.current.replay.editAndReplay(selected()!) }),
      registerCommand({ id: 'frames.pin', title: 'Pin or unpin the selected frame', keywords: 'pin unpin keep top', shortcut: 'P', when: () => selected() !== undefined, run: () => void latest.current.pins.toggle(selected()!) }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
