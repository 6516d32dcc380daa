import { useRef } from 'react';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FrameDetail } from './FrameDetail';
import { FrameTable } from './FrameTable';
import { FrameToolbar, OlderMatchesNote } from './FrameToolbar';
import { useFrameLogModel } from './useFrameLogModel';
import { useSplitWidth } from '../../ui/useSplitWidth';

export function FramesPanel() {
  const sessionId = useValue(activeSessionStore);
  const startedAt = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.createdAt ?? 0);
  const live = useStoreSelector((s) => ['connected', 'connecting'].includes(s.sessions.find((x) => x.id === sessionId)?.state ?? ''));
  const m = useFrameLogModel(sessionId);
  const filterRef = useRef<HTMLInputElement>(null);
  const split = useSplitWidth('mcpscope.frames.detailWidth', 420);

  if (!sessionId) return <Empty>Connect to a server, or select a session, to see its frames.</Empty>;
  return (
    <div
      className="flex h-full min-h-0 flex-col"
      onKeyDown={(e) => {
        if (e.key === '/' && e.target === e.currentTarget.querySelector('[data-testid="frame-list"]')) {
          e.preventDefault();
          filterRef.current?.focus();
        }
      }}
    >
      <FrameToolbar m={m} ref={filterRef} />
      {m.older && <OlderMatchesNote older={m.older} />}
      <div className="flex min-h-0 flex-1">
        {m.total === 0 ? (
          <Empty>{live ? 'Waiting for frames…' : 'No frames were exchanged in this session.'}</Empty>
        ) : m.count === 0 && !m.older?.searching ? (
          <Empty>
            <span>
              No frames match the filter.{' '}
              <button className="text-accent hover:underline" onClick={m.clearFilters}>Clear filter</button>
            </span>
          </Empty>
        ) : (
          <FrameTable m={m} startedAt={startedAt} live={live} />
        )}
        {m.detailOpen && m.selectedFrame && (
          <>
            <div className="w-1 shrink-0 cursor-col-resize border-l border-line hover:bg-accent/40" onPointerDown={split.onPointerDown} role="separator" aria-orientation="vertical" />
            <div className="min-h-0 shrink-0 overflow-hidden" style={{ width: split.width }}>
              <FrameDetail
                frame={m.selectedFrame}
                summary={m.summary(m.selectedFrame)}
                counterpart={m.counterpart}
                startedAt={startedAt}
                live={live}
                onGoTo={m.goToCounterpart}
                onClose={m.closeDetail}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-1 items-center justify-center p-6 text-center text-muted">{children}</div>;
}
