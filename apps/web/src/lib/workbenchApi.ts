import { useMemo } from 'react';
import {
  LOG_LEVELS,
  RequestReplySchema,
  RootsBodySchema,
  type LogLevel,
  type RequestBody,
  type RequestReply,
  type Root,
} from '@mcpscope/wire';
import type { ApiClient, OriginReason } from './api';
import { useServices } from './services';

/**
 * Client of the workbench routes (wire: workbench.ts): requests made through the engine's
 * SDK client, cancel, roots, the log level and resource subscriptions. Replies are parsed with
 * the wire schemas; the `result` of a request stays what the server sent.
 */
export { LOG_LEVELS, type LogLevel, type RequestBody, type RequestReply, type Root };
export type { OriginReason };

/** A JSON-RPC error answered by the server, as a thrown value (for React Query). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export type WorkbenchApi = ReturnType<typeof createWorkbenchApi>;

export function createWorkbenchApi(api: Pick<ApiClient, 'call'>) {
  const enc = encodeURIComponent;
  const base = (id: string) => `/api/sessions/${enc(id)}`;
  const request = (sessionId: string, body: RequestBody, origin: OriginReason): Promise<RequestReply> =>
    api.call('POST', `${base(sessionId)}/requests`, RequestReplySchema, body, { origin });
  // Every function that can make a frame takes the `origin` (tab: action) the proxy records.
  return {
    request,
    /** The result of a request, or a thrown RpcError / Error('cancelled'): the shape queries want. */
    async result<T = Record<string, unknown>>(
      sessionId: string,
      method: string,
      params: Record<string, unknown> | undefined,
      origin: OriginReason,
    ): Promise<T> {
      const reply = await request(sessionId, { method, ...(params ? { params } : {}) }, origin);
      if (reply.outcome === 'error') throw new RpcError(reply.error.code, reply.error.message, reply.error.data);
      if (reply.outcome === 'cancelled') throw new Error(`${method} was cancelled`);
      return reply.result as T;
    },
    cancel: (sessionId: string, callId: string, origin: OriginReason): Promise<void> =>
      api.call('DELETE', `${base(sessionId)}/requests/${enc(callId)}`, null, undefined, { origin }),
    getRoots: async (sessionId: string): Promise<Root[]> => (await api.call('GET', `${base(sessionId)}/roots`, RootsBodySchema)).roots,
    putRoots: (sessionId: string, roots: Root[], origin: OriginReason): Promise<void> =>
      api.call('PUT', `${base(sessionId)}/roots`, null, { roots }, { origin }),
    setLogLevel: (sessionId: string, level: LogLevel, origin: OriginReason): Promise<void> =>
      api.call('PUT', `${base(sessionId)}/log-level`, null, { level }, { origin }),
    subscribe: (sessionId: string, uri: string, origin: OriginReason): Promise<void> =>
      api.call('POST', `${base(sessionId)}/subscriptions`, null, { uri }, { origin }),
    /** 2026-07-28: open or close the list-change listen stream (subscriptions/listen); off until the user turns it on. */
    setListChanges: (sessionId: string, listen: boolean, origin: OriginReason): Promise<void> =>
      api.call('PUT', `${base(sessionId)}/list-changes`, null, { listen }, { origin }),
    unsubscribe: (sessionId: string, uri: string, origin: OriginReason): Promise<void> =>
      api.call('DELETE', `${base(sessionId)}/subscriptions?uri=${enc(uri)}`, null, undefined, { origin }),
  };
}

/** The workbench client over the app's API client (one per ApiClient). */
export function useWorkbenchApi(): WorkbenchApi {
  const { api } = useServices();
  return useMemo(() => createWorkbenchApi(api), [api]);
}
