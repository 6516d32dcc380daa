import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStoreSelector } from '../../lib/services';
import { useTracesApi, useTracesFollowNames } from '../../lib/tracesApi';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { expectedMarksStore, marksFor, pairKey } from '../../lib/expectedMarks';
import { compareView, parseIgnore, parseSource, sourceOptions } from './compareModel';

/** Presenter of the Compare tab: two sources (traces or sessions), ignore paths, the diff. */
export function useCompareModel() {
  const traces = useTracesApi();
  const list = useQuery({ queryKey: ['traces'], queryFn: () => traces.list() });
  useTracesFollowNames();
  const sessions = useStoreSelector((s) => s.sessions);
  const activeId = useValue(activeSessionStore);
  const options = useMemo(() => sourceOptions(list.data ?? [], sessions), [list.data, sessions]);

  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [ignore, setIgnore] = useState('');
  const [defaults, setDefaults] = useState(true);
  const [markGlobal, setMarkGlobal] = useState(false);
  const marksStore = useValue(expectedMarksStore);
  // Defaults: the newest trace on the left, the active session on the right.
  const leftValue = left || options.find((o) => o.group === 'Trace files')?.value || '';
  const rightValue = right || (activeId ? `session:${activeId}` : '') || options.find((o) => o.value !== leftValue)?.value || '';

  // A session is keyed by what it runs (its id is per launch): marks outlive a restart.
  const sourceKey = (value: string) => {
    const id = value.startsWith('session:') ? value.slice('session:'.length) : undefined;
    const s = id === undefined ? undefined : sessions.find((x) => x.id === id);
    return s ? `session:${s.target}` : value;
  };
  const pair = pairKey(sourceKey(leftValue), sourceKey(rightValue));
  const marks = marksFor(marksStore, pair);
  const run = useMutation({
    mutationFn: ({ marks: sent }: { marks: string[]; pair: string }) => {
      const l = parseSource(leftValue);
      const r = parseSource(rightValue);
      if (!l || !r) throw new Error('Pick two sources to compare');
      const paths = [...parseIgnore(ignore), ...sent];
      return traces.compare({ left: l, right: r, ...(paths.length ? { ignore: paths } : {}), ...(defaults ? {} : { defaults: false }) });
    },
  });
  // Marks made since the compare ran are applied to its result at once; the next run sends them.
  const shownPair = run.variables?.pair;
  const view = useMemo(
    () => (run.data ? compareView(run.data, shownPair ? marksFor(marksStore, shownPair) : []) : null),
    [run.data, marksStore, shownPair],
  );

  return {
    options,
    loadingTraces: list.isLoading,
    left: leftValue,
    setLeft,
    right: rightValue,
    setRight,
    ignore,
    setIgnore,
    /** Ignore what is expected to differ (timestamps and ids in text, task ids, roots…). */
    defaults,
    setDefaults,
    /** The key the result's "expected" marks are kept under. */
    pair: shownPair ?? pair,
    markGlobal,
    setMarkGlobal,
    canRun: Boolean(parseSource(leftValue) && parseSource(rightValue)) && !run.isPending,
    run: () => run.mutate({ marks, pair }),
    pending: run.isPending,
    error: run.error as Error | null,
    view,
    refreshTraces: () => list.refetch(),
  };
}
export type CompareModel = ReturnType<typeof useCompareModel>;
