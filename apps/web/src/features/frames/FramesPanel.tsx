import { useRef, useState } from 'react';
import { runAreaKeys } from '../../lib/actions';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FrameDetail } from './FrameDetail';
import { FrameDetailActions } from './FrameDetailActions';
import { FrameSpans } from './FrameSpans';
import { FramesEmpty } from './FramesEmpty';
import { FrameMenu } from './FrameMenu';
import { FrameTable } from './FrameTable';
import { FrameToolbar, OlderMatchesNote } from './FrameToolbar';
import { PinnedStrip } from './PinnedStrip';
import { ReplayBanner, replayStatusText } from './ReplayBanner';
import { useFrameCommands } from './useFrameCommands';
import { useFrameLogModel } from './useFrameLogModel';
import { useFrameReplay } from './useFrameReplay';
import { usePinnedFrames } from './usePinnedFrames';
import { useSplitWidth } from '../../ui/useSplitWidth';
import { useWholeFrame } from '../../lib/useWholeFrame';

export function FramesPanel() {
  const sessionId = useValue(activeSessionStore);
  const startedAt = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.createdAt ?? 0);
  const live = useStoreSelector((s) => ['connected', 'connecting'].includes(s.sessions.find((x) => x.id === sessionId)?.state ?? ''));
  const m = useFrameLogModel(sessionId);
  const pins = usePinnedFrames(m);
  const replay = useFrameReplay(sessionId, m.log, m.version);
  const filterRef = useRef<HTMLInputElement>(null);
  useFrameCommands(m, pins, replay, () => filterRef.current?.focus());
  const [menu, setMenu] = useState<{ seq: number; x: number; y: number } | null>(null);
  const menuFrame = menu ? m.frameBySeq(menu.seq) : undefined;
  const split = useSplitWidth('mcpscope.frames.detailWidth', 420);
  const show = (seq: number) => m.showFrame(seq, m.ordinalOf(seq));
  // A replay's result is also shown next to where it was asked for: under the replayed frame's
  // Replay button (a replay from the row menu opens that detail). The banner above the log stays
  // put, so opening or closing a detail never moves the rows under the pointer.
  // A compact row shows its whole event, read back from the proxy (lib/frameBodies.ts).
  const detail = useWholeFrame(sessionId, m.detailOpen ? m.selectedFrame : undefined);
  const resultInDetail = replay.last !== null && m.detailOpen && m.selectedFrame?.seq === replay.last.sourceSeq;

  if (!sessionId) return <FramesEmpty reason="no-session" />;
  return (
    <div
      className="flex h-full min-h-0 flex-col"
      onKeyDown={(e) => {
        const inList = e.target === e.currentTarget.querySelector('[data-testid="frame-list"]');
        if (!inList || runAreaKeys('frame list', e)) return;
        if (m.selectedFrame && (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10'))) {
          e.preventDefault();
          const row = e.currentTarget
            .querySelector(`[data-testid="frame-row"][data-seq="${m.selectedFrame.seq}"]`)
            ?.getBoundingClientRect();
          setMenu({ seq: m.selectedFrame.seq, x: row ? row.left + 40 : 80, y: row ? row.bottom : 80 });
        }
      }}
    >
      <FrameToolbar m={m} ref={filterRef} />
      {m.older && <OlderMatchesNote older={m.older} />}
      <ReplayBanner replay={replay} onShow={show} />
      <div className="sr-only" role="status" data-testid="frame-replay-status">
        {replayStatusText(replay.last)}
      </div>
      <PinnedStrip pins={pins} m={m} />
      <div className="flex min-h-0 flex-1">
        {m.total === 0 ? (
          <FramesEmpty reason={live ? 'waiting' : 'none'} />
        ) : m.count === 0 && !m.older?.searching ? (
          <FramesEmpty reason="no-match" onClearFilter={m.clearFilters} />
        ) : (
          <FrameTable m={m} pins={pins} startedAt={startedAt} live={live} onMenu={(seq, x, y) => setMenu({ seq, x, y })} />
        )}
        {m.detailOpen && m.selectedFrame && (
          <>
            <div
              className="w-1 shrink-0 cursor-col-resize border-l border-line hover:bg-accent/40"
              onPointerDown={split.onPointerDown}
              role="separator"
              aria-orientation="vertical"
            />
            <div className="min-h-0 shrink-0 overflow-hidden" style={{ width: split.width }}>
              <FrameDetail
                frame={detail.frame ?? m.selectedFrame}
                summary={m.summary(m.selectedFrame)}
                counterpart={m.counterpart}
                startedAt={startedAt}
                live={live}
                onGoTo={m.goToCounterpart}
                onClose={m.closeDetail}
                notice={
                  resultInDetail ? (
                    <ReplayBanner replay={replay} onShow={show} variant="detail" />
                  ) : (
                    (detail.loading || detail.failed) && (
                      <p
                        className="px-2 py-1 text-[11px] text-muted"
                        data-testid="frame-detail-body"
                        data-state={detail.failed ? 'failed' : 'loading'}
                      >
                        {detail.failed
                          ? 'The whole message could not be read from mcpscope; showing its row.'
                          : 'Reading the whole message…'}
                      </p>
                    )
                  )
                }
                spans={sessionId && <FrameSpans sessionId={sessionId} frame={m.selectedFrame} />}
                actions={
                  <FrameDetailActions
                    actions={replay.actionsOf(m.selectedFrame)}
                    pinned={pins.isPinned(m.selectedFrame.seq)}
                    onReplay={() => m.selectedFrame && replay.replay(m.selectedFrame)}
                    onEdit={(target) => m.selectedFrame && replay.editAndReplay(m.selectedFrame, target)}
                    onTogglePin={() => m.selectedFrame && pins.toggle(m.selectedFrame)}
                  />
                }
              />
            </div>
          </>
        )}
      </div>
      {menu && menuFrame && (
        <FrameMenu frame={menuFrame} x={menu.x} y={menu.y} actions={replay.actionsOf(menuFrame)} onClose={() => setMenu(null)} />
      )}
    </div>
  );
}
