import type { Client } from '@modelcontextprotocol/client';
import type { Root } from '../session/types.js';

export interface ServerRequestName {
  requestId: string;
  inputKey?: string;
  callId?: string;
}

interface AnswerSource {
  readonly roots: Root[];
  /** The queue key of a server request, from the id the SDK gives the handler. */
  nameServerRequest(id: string | number): ServerRequestName;
  waitForAnswer(request: ServerRequestName & { method: string; params: unknown }, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

type Handler = (
  request: { method: string; params?: unknown },
  ctx: { mcpReq: { id: string | number; signal: AbortSignal } },
) => Promise<Record<string, unknown>>;

/**
 * What the client does when the server asks it something. Sampling, elicitation and any
 * unknown method wait for an answer (from the UI, or a headless policy); roots/list is answered
 * from the session's roots. On the 2026-07-28 era the SDK routes the requests embedded in
 * `input_required` results through these same handlers, with the `inputRequests` key as the
 * id (2026-07-28/basic/patterns/mrtr), so the session names them uniquely per round.
 */
export function registerServerRequestHandlers(client: Client, session: AnswerSource): void {
  const ask =
    (method?: string): Handler =>
    async (request, ctx) =>
      session.waitForAnswer(
        { ...session.nameServerRequest(ctx.mcpReq.id), method: method ?? request.method, params: request.params ?? {} },
        ctx.mcpReq.signal,
      );
  client.setRequestHandler('sampling/createMessage', ask('sampling/createMessage') as never);
  client.setRequestHandler('elicitation/create', ask('elicitation/create') as never);
  client.setRequestHandler('roots/list', async () => ({ roots: session.roots }));
  client.fallbackRequestHandler = ask() as never;
}
