import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStoreSelector } from '../../lib/services';
import { useTracesApi } from '../../lib/tracesApi';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { compareView, parseIgnore, parseSource, sourceOptions } from './compareModel';

/** Presenter of the Compare tab: two sources (traces or sessions), ignore paths, the diff. */
export function useCompareModel() {
  const traces = useTracesApi();
  const list = useQuery({ queryKey: ['traces'], queryFn: () => traces.list() });
  const sessions = useStoreSelector((s) => s.sessions);
  const activeId = useValue(activeSessionStore);
  const options = useMemo(() => sourceOptions(list.data ?? [], sessions), [list.data, sessions]);

  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [ignore, setIgnore] = useState('');
  // Defaults: the newest trace on the left, the active session on the right.
  const leftValue = left || options.find((o) => o.group === 'Trace files')?.value || '';
  const rightValue = right || (activeId ? `session:${activeId}` : '') || options.find((o) => o.value !== leftValue)?.value || '';

  const run = useMutation({
    mutationFn: () => {
      const l = parseSource(leftValue);
      const r = parseSource(rightValue);
      if (!l || !r) throw new Error('Pick two sources to compare');
      const paths = parseIgnore(ignore);
      return traces.compare({ left: l, right: r, ...(paths.length ? { ignore: paths } : {}) });
    },
  });
  const view = useMemo(() => (run.data ? compareView(run.data) : null), [run.data]);

  return {
    options,
    loadingTraces: list.isLoading,
    left: leftValue,
    setLeft,
    right: rightValue,
    setRight,
    ignore,
    setIgnore,
    canRun: Boolean(parseSource(leftValue) && parseSource(rightValue)) && !run.isPending,
    run: () => run.mutate(),
    pending: run.isPending,
    error: run.error as Error | null,
    view,
    refreshTraces: () => list.refetch(),
  };
}
export type CompareModel = ReturnType<typeof useCompareModel>;
