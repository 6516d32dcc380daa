// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { ApiRequestError } from '../../lib/api';
import { testServices } from '../../lib/testServices';
import type { TracesApi, TraceSummary } from '../../lib/tracesApi';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { droppedTraceFilesStore, useTraceUpload } from './useTraceUpload';

afterEach(cleanup);

const trace = (id: string) => ({ id, name: id }) as unknown as TraceSummary;
const session = (id: string) =>
  ({
    id: `offline-${id}`,
    name: id,
    state: 'closed',
    transport: 'stdio',
    target: '',
    createdAt: 0,
    wrapped: false,
    offline: true,
  }) as unknown as SessionInfo;
const file = (name: string) => new File(['{}\n'], name, { type: 'application/x-ndjson' });

function setup(upload: TracesApi['upload'], open: TracesApi['open'] = async (id) => session(id)) {
  const services = testServices();
  const refresh = vi.fn();
  const api = { upload, open } as unknown as TracesApi;
  const hook = renderHook(() => useTraceUpload(api, refresh), { wrapper: services.wrapper });
  return { ...hook, store: services.store, refresh };
}

describe('useTraceUpload', () => {
  it('opens the uploaded trace offline and switches to its frames', async () => {
    activeTabStore.set('traces');
    const { result, store } = setup(async () => ({ trace: trace('t1'), warnings: ['cut at line 9'] }));
    act(() => void result.current.upload([file('a.ndjson')]));
    await waitFor(() => expect(activeTabStore.getSnapshot()).toBe('frames'));
    expect(activeSessionStore.getSnapshot()).toBe('offline-t1');
    expect(store.getSnapshot().sessions.map((s) => s.id)).toContain('offline-t1');
    expect(result.current.uploadWarnings).toEqual(['a.ndjson: cut at line 9']);
    expect(result.current.uploadProblems).toEqual([]);
  });

  it('a file that fails says why and stops none of the others; the view stays on Traces to say it', async () => {
    activeTabStore.set('traces');
    const upload = vi.fn(async (f: Blob | string) => {
      if ((f as File).name === 'bad.ndjson')
        throw new ApiRequestError('MCPSCOPE_ERR_BAD_TRACE', 'line 1: not an mcpscope trace header', 400);
      return { trace: trace((f as File).name), warnings: [] };
    });
    const { result, refresh } = setup(upload);
    act(() => void result.current.upload([file('bad.ndjson'), file('good.ndjson')]));
    await waitFor(() =>
      expect(result.current.uploadProblems).toEqual(['Could not upload bad.ndjson: line 1: not an mcpscope trace header']),
    );
    expect(upload).toHaveBeenCalledTimes(2);
    expect(result.current.uploadOpened).toEqual(['good.ndjson']);
    expect(activeSessionStore.getSnapshot()).toBe('offline-good.ndjson');
    expect(activeTabStore.getSnapshot()).toBe('traces');
    expect(refresh).toHaveBeenCalled();
  });

  it('a trace that uploads but does not open stays in the list, and says so', async () => {
    activeTabStore.set('traces');
    const { result } = setup(
      async () => ({ trace: trace('t2'), warnings: [] }),
      async () => {
        throw new Error('too many sessions');
      },
    );
    act(() => void result.current.upload([file('c.ndjson')]));
    await waitFor(() =>
      expect(result.current.uploadProblems).toEqual([
        'Uploaded c.ndjson (it is in the list below) but could not open it: too many sessions',
      ]),
    );
    expect(activeTabStore.getSnapshot()).toBe('traces');
  });

  it('uploads files dropped elsewhere on the page', async () => {
    const upload = vi.fn(async () => ({ trace: trace('t3'), warnings: [] }));
    setup(upload);
    act(() => droppedTraceFilesStore.set([file('d.ndjson')]));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(droppedTraceFilesStore.getSnapshot()).toBeNull();
  });
});
