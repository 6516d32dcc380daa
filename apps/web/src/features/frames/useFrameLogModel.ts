import { useEffect, useMemo, useRef, useState } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { registerCommand } from '../../lib/commands';
import { useSessionLog } from '../../lib/services';
import { activeTabStore, frameFocusStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FrameFilterIndex, isEmptyQuery, type FrameKindFilter, type FrameQuery } from './frameFilterIndex';
import { summarizeFrame } from './frameSummary';
import { useFollowTail } from '../../lib/useFollowTail';

const PAGE = 20;

export interface KeyLike {
  key: string;
  preventDefault(): void;
}

/**
 * Presenter of the Frames tab: the query (debounced text + quick filters), the filtered rows
 * (incremental over the append-only log), selection and keyboard, pairing jumps, follow-tail.
 */
export function useFrameLogModel(sessionId: string | null, { debounceMs = 150 }: { debounceMs?: number } = {}) {
  const { log, version } = useSessionLog(sessionId);

  const [text, setText] = useState('');
  const [appliedText, setAppliedText] = useState('');
  const [method, setMethod] = useState<string | null>(null);
  const [dir, setDir] = useState<FrameQuery['dir']>('all');
  const [kind, setKind] = useState<FrameKindFilter>('all');
  useEffect(() => {
    if (text === appliedText) return;
    const timer = setTimeout(() => setAppliedText(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, appliedText, debounceMs]);

  const query = useMemo<FrameQuery>(() => ({ text: appliedText, method, dir, kind }), [appliedText, method, dir, kind]);
  const index = useMemo(() => (log ? new FrameFilterIndex(log, query) : null), [log, query]);
  // `version` is the change signal of the append-only log: update() scans only new frames.
  const count = useMemo(() => index?.update() ?? 0, [index, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const tail = useFollowTail(index, count);

  const [selection, setSelection] = useState<{ sessionId: string | null; seq: number; open: boolean } | null>(null);
  const [scrollRequest, setScrollRequest] = useState<{ seq: number; n: number } | null>(null);
  const current = selection && selection.sessionId === sessionId ? selection : null;
  const selectedFrame = current && log ? log.frameBySeq(current.seq) : undefined;
  const selectedRow = current && index ? index.rowOfSeq(current.seq) : -1;

  const select = (seq: number, open?: boolean, scroll = false) => {
    setSelection((s) => ({ sessionId, seq, open: open ?? (s?.sessionId === sessionId && s.open) }));
    if (scroll) setScrollRequest((r) => ({ seq, n: (r?.n ?? 0) + 1 }));
  };
  const selectRow = (row: number, open?: boolean, scroll = false) => {
    const frame = index?.frameAt(Math.max(0, Math.min(count - 1, row)));
    if (frame) select(frame.seq, open, scroll);
  };
  const clearFilters = () => {
    setText('');
    setAppliedText('');
    setMethod(null);
    setDir('all');
    setKind('all');
  };
  // The command palette's "Clear the Frames filter" (lib/commands.ts).
  const clearRef = useRef(clearFilters);
  clearRef.current = clearFilters;
  useEffect(() => registerCommand({ id: 'frames.clear-filter', title: 'Clear the Frames filter', keywords: 'reset query search', run: () => (clearRef.current(), activeTabStore.set('frames')) }), []);
  /** Shows a frame even if the current filter hides it (the filter is cleared then). */
  const reveal = (seq: number) => {
    if (index && index.rowOfSeq(seq) < 0) clearFilters();
    select(seq, true, true);
  };

  // A request from elsewhere (e.g. the Composer) to show a frame.
  const focus = useValue(frameFocusStore);
  useEffect(() => {
    if (!focus || focus.sessionId !== sessionId || !log?.frameBySeq(focus.seq)) return;
    frameFocusStore.set(null);
    reveal(focus.seq);
    tail.pause();
  }); // runs after each render: the focused frame may arrive a batch later than the request

  const counterpart = selectedFrame && log ? log.counterpart(selectedFrame) : undefined;

  return {
    sessionId,
    log,
    count,
    total: log?.frames.length ?? 0,
    methods: log?.methods ?? [],
    frameAt: (row: number): FrameEvent | undefined => index?.frameAt(row),
    summary: (frame: FrameEvent) => summarizeFrame(frame, log),
    rowOfSeq: (seq: number) => index?.rowOfSeq(seq) ?? -1,
    // query
    text,
    setText,
    applyTextNow: () => setAppliedText(text),
    method,
    setMethod,
    dir,
    setDir,
    kind,
    setKind,
    filtered: !isEmptyQuery(query) || text !== appliedText,
    clearFilters,
    // selection
    selectedSeq: current?.seq ?? null,
    selectedFrame,
    selectedRow,
    detailOpen: Boolean(current?.open && selectedFrame),
    select,
    selectRow,
    openDetail: () => current && select(current.seq, true),
    closeDetail: () => current && setSelection({ ...current, open: false }),
    counterpart,
    goToCounterpart: () => counterpart && reveal(counterpart.seq),
    scrollRequest,
    onKeyDown(e: KeyLike) {
      const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: PAGE, PageUp: -PAGE };
      if (e.key in step) {
        e.preventDefault();
        const delta = step[e.key];
        const from = selectedRow >= 0 ? selectedRow + delta : delta > 0 ? 0 : count - 1;
        selectRow(from, undefined, true);
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        selectRow(e.key === 'Home' ? 0 : count - 1, undefined, true);
      } else if (e.key === 'Enter' && current) {
        e.preventDefault();
        select(current.seq, true, true);
      } else if (e.key === 'Escape' && current?.open) {
        e.preventDefault();
        setSelection({ ...current, open: false });
      }
    },
    // follow tail
    follow: tail.follow,
    newCount: tail.newCount,
    setAtBottom: tail.setAtBottom,
    jumpToLatest: tail.jumpToLatest,
  };
}

export type FrameLogModel = ReturnType<typeof useFrameLogModel>;
