import type { SessionInfo } from '@mcpscope/wire';
import type { FrameEvent } from '@mcpscope/protocol';
import type { ApiClient } from './api';
import type { EventStore } from './eventStore';
import { RpcError } from './workbenchApi';

/**
 * A stand-in for the proxy's workbench routes in tests: `api.call` answers POST …/requests by
 * calling `handlers[method](params)` (throw an RpcError for a JSON-RPC error) and records
 * every call. Replies go through the caller's schema, as the real client does.
 */
export type Handlers = Record<string, (params: Record<string, unknown>) => unknown>;

export interface RecordedCall {
  httpMethod: string;
  path: string;
  body: unknown;
}

export function fakeWorkbench(handlers: Handlers) {
  const calls: RecordedCall[] = [];
  const call = (async (httpMethod: string, path: string, schema: { parse(v: unknown): unknown } | null, body?: unknown) => {
    calls.push({ httpMethod, path, body });
    if (httpMethod === 'POST' && path.endsWith('/requests')) {
      const { method, params = {} } = body as { method: string; params?: Record<string, unknown> };
      const handler = handlers[method];
      let reply: unknown;
      try {
        if (!handler) throw new RpcError(-32601, `Method not found: ${method}`);
        reply = { callId: 'c1', outcome: 'result', result: await handler(params), latencyMs: 1 };
      } catch (err) {
        if (!(err instanceof RpcError)) throw err;
        reply = { callId: 'c1', outcome: 'error', error: { code: err.code, message: err.message }, latencyMs: 1 };
      }
      return schema ? schema.parse(reply) : undefined;
    }
    return undefined;
  }) as ApiClient['call'];
  const requests = (method?: string) =>
    calls
      .filter((c) => c.path.endsWith('/requests') && (!method || (c.body as { method: string }).method === method))
      .map((c) => (c.body as { params?: unknown }).params);
  return { call, calls, requests };
}

export function connectedSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 's1',
    name: 's',
    state: 'connected',
    transport: 'stdio',
    target: '',
    createdAt: 0,
    wrapped: false,
    era: 'legacy',
    ...overrides,
  };
}

let nextSeq = 1;
/** Appends server→client (or client→server) notification frames to the store's log of `sessionId`. */
export function pushNotification(
  store: EventStore,
  method: string,
  params: Record<string, unknown>,
  dir: 'in' | 'out' = 'in',
  sessionId = 's1',
): FrameEvent {
  const msg = { jsonrpc: '2.0', method, params };
  const seq = nextSeq++;
  const frame: FrameEvent = { type: 'frame', seq, t: seq, sessionId, dir, msg, size: JSON.stringify(msg).length };
  store.enqueue(frame);
  store.flush();
  return frame;
}
