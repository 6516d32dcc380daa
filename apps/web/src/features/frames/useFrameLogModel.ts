import { useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { useSessionLog, useSessionState } from '../../lib/services';
import { useTracesApi } from '../../lib/tracesApi';
import { activeTabStore, frameFocusStore } from '../../lib/uiState';
import { useFrameFilterRequest } from './useFrameFilterRequest';
import { useValue } from '../../lib/valueStore';
import { FrameFilterIndex, isEmptyQuery, type FrameKindFilter, type FrameQuery, type PagedFrames } from './frameFilterIndex';
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
  // Frames that left memory are read back from disk by ordinal (the session's pager); a page arriving re-renders.
  const pager = useSessionState(sessionId)?.pager ?? null;
  const noPager = (l: () => void) => (void l, () => undefined);
  const pagerVersion = useSyncExternalStore(pager?.subscribe ?? noPager, () => pager?.version ?? 0);
  const traces = useTracesApi();
  const paged = useMemo<PagedFrames | undefined>(
    () =>
      pager && sessionId
        ? { get: (i) => pager.get(i), indexOfSeq: (seq) => pager.indexOfSeq(seq), search: (q) => traces.searchFrames(sessionId, q) }
        : undefined,
    [pager, sessionId, traces],
  );
  const [searchTick, searchArrived] = useReducer((n: number) => n + 1, 0);

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
  const index = useMemo(() => (log ? new FrameFilterIndex(log, query, paged, searchArrived) : null), [log, query, paged]);
  // `version` is the change signal of the append-only log: update() scans only new frames.
  const count = useMemo(() => index?.update() ?? 0, [index, version, searchTick]); // the log changes in place: `version`, `searchTick` say when
  // Older matches arriving from the proxy's search are not "new frames".
  const tail = useFollowTail(index, count - (index?.older.length ?? 0));

  // `frame` pins a frame read from disk, so the detail stays when its page leaves the pager's cache.
  const [selection, setSelection] = useState<{ sessionId: string | null; seq: number; open: boolean; frame?: FrameEvent } | null>(null);
  const [scrollRequest, setScrollRequest] = useState<{ seq?: number; row?: number; n: number } | null>(null);
  // A row chosen while its frame is read back from disk (keyboard; a jump to a frame that left
  // memory, by ordinal): it is selected when the frame arrives.
  const [pending, setPending] = useState<{ sessionId: string | null; row?: number; ordinal?: number; open: boolean } | null>(null);
  const waiting = pending && pending.sessionId === sessionId ? pending : null;
  const pendingRow = !waiting ? -1 : (waiting.row ?? (isEmptyQuery(query) ? (waiting.ordinal ?? -1) : -1));
  const current = selection && selection.sessionId === sessionId ? selection : null;
  const selectedFrame =
    current && index ? (index.frameBySeq(current.seq) ?? (current.frame?.seq === current.seq ? current.frame : undefined)) : undefined;
  const selectedRow = waiting ? pendingRow : current && index ? index.rowOfSeq(current.seq) : -1;

  const scrollTo = (target: { seq: number } | { row: number }) => setScrollRequest((r) => ({ ...target, n: (r?.n ?? 0) + 1 }));
  const select = (seq: number, open?: boolean, scroll = false, frame?: FrameEvent) => {
    setPending(null);
    setSelection((s) => ({ sessionId, seq, open: open ?? (s?.sessionId === sessionId && s.open), frame: frame ?? index?.frameBySeq(seq) }));
    if (scroll) scrollTo({ seq });
  };
  const selectRow = (row: number, open?: boolean, scroll = false) => {
    const r = Math.max(0, Math.min(count - 1, row));
    const frame = index?.frameAt(r);
    if (frame) select(frame.seq, open, scroll, frame);
    else if (r < count) {
      setPending({ sessionId, row: r, open: open ?? Boolean(current?.open) });
      if (scroll) scrollTo({ row: r });
    }
  };
  useEffect(() => {
    if (!waiting || !index || !log) return;
    const { ordinal, row } = waiting;
    const frame = ordinal !== undefined ? (log.frames.get(ordinal) ?? pager?.get(ordinal)) : index.frameAt(row!);
    if (frame) select(frame.seq, waiting.open, false, frame);
  }); // after each render: the frame's page may have arrived
  const clearFilters = () => {
    setText('');
    setAppliedText('');
    setMethod(null);
    setDir('all');
    setKind('all');
  };
  // The command palette's "Clear the Frames filter" (lib/actionCatalogue.ts).
  const clearRef = useRef(clearFilters);
  clearRef.current = clearFilters;
  useEffect(() => bindAction(ACTIONS.clearFramesFilter, { perform: () => (clearRef.current(), activeTabStore.set('frames')) }), []);
  /** Shows a frame even if the current filter hides it (the filter is cleared then). */
  const reveal = (seq: number) => {
    if (index && index.rowOfSeq(seq) < 0) clearFilters();
    select(seq, true, true);
  };

  /**
   * Selects frame `seq`, opens it and scrolls to it; `ordinal` pages it back when it left memory.
   * False when it is not known here yet (a frame arriving a batch later than the request).
   */
  const showFrame = (seq: number, ordinal?: number): boolean => {
    if (!index || !log) return false;
    if (index.frameBySeq(seq)) reveal(seq);
    else if (ordinal !== undefined && ordinal >= 0 && ordinal < log.frames.base) {
      // It left memory: rows are ordinals without a filter; scroll there, select when paged back.
      if (!isEmptyQuery(query)) clearFilters();
      setPending({ sessionId, ordinal, open: true });
      scrollTo({ row: ordinal });
    } else return false;
    tail.pause();
    return true;
  };
  // A request from elsewhere (e.g. the Composer, Findings) to show a frame.
  const focus = useValue(frameFocusStore);
  useEffect(() => {
    if (focus && focus.sessionId === sessionId && showFrame(focus.seq, focus.index)) frameFocusStore.set(null);
  }); // runs after each render: the focused frame may arrive a batch later than the request
  // A request from elsewhere (the Notifications tab) to show the Frames tab with a filter.
  useFrameFilterRequest(sessionId, (r) => {
    setSelection(null); // a fresh view of other frames
    setText(r.text ?? '');
    setAppliedText(r.text ?? '');
    setMethod(r.method ?? null);
    setDir('all');
    setKind(r.kind ?? 'all');
  });

  const counterpart = selectedFrame && log ? log.counterpart(selectedFrame) : undefined;

  return {
    sessionId,
    log,
    /** Grows with every append to the log. */
    version,
    count,
    total: log?.frames.length ?? 0,
    /** Frames of the session that are not in memory (read back from disk as rows scroll in). */
    onDisk: log?.framesOnDisk ?? 0,
    /** Events the proxy skipped for this tab while it was behind (they are on disk too). */
    skipped: log?.skippedEvents ?? 0,
    /** Estimated bytes this session holds in the browser. */
    memoryBytes: log?.bytes ?? 0,
    /** The proxy's search for matches older than the in-memory window (a filter is active). */
    older:
      index && !isEmptyQuery(query) && (index.searching || index.older.length > 0 || index.searchFailed)
        ? {
            count: index.older.length,
            more: index.olderMore,
            searching: index.searching,
            failed: index.searchFailed,
            loadMore: () => (index.loadOlder(), searchArrived()),
          }
        : null,
    pagerVersion,
    methods: log?.methods ?? [],
    frameAt: (row: number): FrameEvent | undefined => index?.frameAt(row),
    frameBySeq: (seq: number): FrameEvent | undefined => index?.frameBySeq(seq),
    summary: (frame: FrameEvent) => summarizeFrame(frame, log),
    rowOfSeq: (seq: number) => index?.rowOfSeq(seq) ?? -1,
    /** A frame's ordinal in the session wherever it is known (memory, pager, older matches), else -1. */
    ordinalOf(seq: number): number {
      const inMemory = log?.frameIndexOfSeq(seq) ?? -1;
      if (inMemory >= 0) return inMemory;
      const paged = pager?.indexOfSeq(seq) ?? -1;
      return paged >= 0 ? paged : (index?.older.find((o) => o.frame.seq === seq)?.index ?? -1);
    },
    showFrame,
    // query
    text,
    setText,
    applyTextNow: () => setAppliedText(text),
    /** Sets the filter text and applies it without the typing pause (a fix, a help example). */
    applyText: (value: string) => (setText(value), setAppliedText(value)),
    /** The table shows the text as typed (typing paused, or Enter). */
    textApplied: text === appliedText,
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
    pendingRow, // selected while its frame loads from disk (-1: none)
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
