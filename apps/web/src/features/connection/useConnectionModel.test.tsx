// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { ApiRequestError } from '../../lib/api';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { telemetryChoiceStore } from './telemetryChoice';
import { useConnectionModel } from './useConnectionModel';

const session: SessionInfo = {
  id: 'new',
  name: 'x',
  state: 'connected',
  transport: 'stdio',
  target: 'node x',
  createdAt: 1,
  wrapped: false,
};

afterEach(() => {
  cleanup(); // no vitest globals, so testing-library cannot register it itself
  telemetryChoiceStore.set({ traceContext: false, collectServerSpans: false });
});

describe('useConnectionModel', () => {
  it('does not send an invalid form', () => {
    const createSession = vi.fn();
    const { wrapper } = testServices({ createSession });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    act(() => void result.current.submit());
    expect(result.current.fieldErrors.command).toBeTruthy();
    expect(createSession).not.toHaveBeenCalled();
  });

  it('connects, shows the session and makes it active', async () => {
    const createSession = vi.fn(async () => session);
    const { wrapper, store } = testServices({ createSession });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    act(() => result.current.update({ command: 'node', argsLine: 'x.js --flag' }));
    expect(result.current.argvPreview).toEqual(['node', 'x.js', '--flag']);
    act(() => void result.current.submit());
    await waitFor(() => expect(activeSessionStore.getSnapshot()).toBe('new'));
    expect(createSession).toHaveBeenCalledWith({ transport: 'stdio', command: 'node', args: ['x.js', '--flag'], env: {} }, {});
    expect(store.getSnapshot().sessions.map((s) => s.id)).toEqual(['new']);
  });

  it('exposes connect failure details and selects the failed session', async () => {
    const details = { sessionId: 'failed-1', code: 'exit', message: 'exited', exitCode: 127, stderrTail: ['sh: nope: not found'] };
    const createSession = vi.fn(async () => {
      throw new ApiRequestError('MCPSCOPE_ERR_CONNECT_FAILED', 'Server exited before initializing', 502, details);
    });
    const { wrapper } = testServices({ createSession });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    act(() => result.current.update({ command: 'nope' }));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.failure).toEqual(details));
    expect(activeSessionStore.getSnapshot()).toBe('failed-1');
    act(() => result.current.dismissError());
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it('connects the demo server from /api/info in one call', async () => {
    const demo = { transport: 'stdio' as const, command: 'node', args: ['demo.js'], env: {} };
    const createSession = vi.fn(async () => session);
    const { wrapper } = testServices({
      info: async () => ({ name: 'mcpscope' as const, version: '0.1.0', wireVersion: 1, demo }),
      createSession,
    });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    await waitFor(() => expect(result.current.demo).toEqual(demo));
    act(() => result.current.connectDemo());
    await waitFor(() => expect(createSession).toHaveBeenCalledWith(demo, {}));
  });

  it('sends the OpenTelemetry switches with what it starts; collecting server spans only for a stdio server', async () => {
    const createSession = vi.fn(async () => session);
    const { wrapper } = testServices({ createSession });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    telemetryChoiceStore.set({ traceContext: true, collectServerSpans: true });
    act(() => result.current.update({ command: 'node', argsLine: 'x.js' }));
    act(() => void result.current.submit());
    await waitFor(() => expect(createSession).toHaveBeenCalledTimes(1));
    expect(createSession).toHaveBeenLastCalledWith(expect.objectContaining({ transport: 'stdio' }), {
      traceContext: true,
      collectServerSpans: true,
    });
    act(() => result.current.update({ transport: 'http', url: 'http://127.0.0.1:9/mcp' }));
    act(() => void result.current.submit());
    await waitFor(() => expect(createSession).toHaveBeenCalledTimes(2));
    expect(createSession).toHaveBeenLastCalledWith(expect.objectContaining({ transport: 'http' }), { traceContext: true });
  });

  it('a connect error belongs to its attempt: it goes once that session connects (OAuth, a retry) or is removed', async () => {
    const details = { sessionId: 's7', code: 'http', message: 'HTTP 401', httpStatus: 401, httpHeaders: { 'www-authenticate': 'Bearer' } };
    const createSession = vi.fn(async () => {
      throw new ApiRequestError('MCPSCOPE_ERR_CONNECT_FAILED', 'The server answered 401', 502, details);
    });
    const { wrapper, store } = testServices({ createSession });
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    act(() => result.current.update({ command: 'x' }));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.failure).toEqual(details));
    // Not listed yet (the socket is behind the reply): the error stays.
    expect(result.current.error).not.toBeNull();
    const failed: SessionInfo = {
      ...session,
      id: 's7',
      state: 'failed',
      transport: 'http',
      error: { code: 'http', message: 'HTTP 401', httpStatus: 401 },
    };
    act(() => store.upsertSession(failed));
    expect(result.current.failedSessionListed).toBe(true);
    expect(result.current.error).not.toBeNull();
    act(() => store.upsertSession({ ...failed, state: 'connected', error: undefined }));
    await waitFor(() => expect(result.current.error).toBeNull());
  });
});
