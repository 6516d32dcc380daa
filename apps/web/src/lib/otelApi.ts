import { z } from 'zod';
import { ServerSpansReplySchema, SessionInfoSchema, type ServerSpansReply, type SessionInfo } from '@mcpscope/wire';
import type { ApiClient } from './api';

/**
 * Client of a session's OpenTelemetry routes: the trace-context switch (what is sent from now on)
 * and the server-span receiver for a server mcpscope did not start with "collect server spans".
 */
export function createOtelApi(api: Pick<ApiClient, 'call'>) {
  const enc = encodeURIComponent;
  return {
    setTraceContext: async (sessionId: string, on: boolean): Promise<SessionInfo> =>
      (
        await api.call(
          'PUT',
          `/api/sessions/${enc(sessionId)}/trace-context`,
          z.object({ session: SessionInfoSchema }),
          { on },
          { origin: 'spans: trace context' },
        )
      ).session,
    collectServerSpans: (sessionId: string): Promise<ServerSpansReply> =>
      api.call(
        'POST',
        `/api/sessions/${enc(sessionId)}/server-spans`,
        ServerSpansReplySchema,
        {},
        { origin: 'spans: collect server spans' },
      ),
  };
}
