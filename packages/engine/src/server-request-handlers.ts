import type { Client } from '@modelcontextprotocol/client';
import { idKey } from '@mcpscope/protocol';

interface AnswerSource {
  roots: Array<{ uri: string; name?: string }>;
  waitForAnswer(request: { requestId: string; method: string; params: unknown }, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * What the client does when the server asks it something. Sampling, elicitation and any
 * unknown method wait for an answer (from the UI, or a headless policy); roots/list is answered
 * from the session's roots. On the 2026-07-28 era the SDK routes `input_required` rounds
 * through these same handlers.
 */
export function registerServerRequestHandlers(client: Client, session: AnswerSource): void {
  const ask = (method: string) => async (request: { params?: unknown }, ctx: { mcpReq: { id: string | number; signal: AbortSignal } }) =>
    session.waitForAnswer({ requestId: idKey(ctx.mcpReq.id), method, params: request.params ?? {} }, ctx.mcpReq.signal);
  client.setRequestHandler('sampling/createMessage', ask('sampling/createMessage') as never);
  client.setRequestHandler('elicitation/create', ask('elicitation/create') as never);
  client.setRequestHandler('roots/list', async () => ({ roots: session.roots }));
  client.fallbackRequestHandler = async (request, ctx) =>
    (await session.waitForAnswer({ requestId: idKey(ctx.mcpReq.id), method: request.method, params: request.params ?? {} }, ctx.mcpReq.signal)) as never;
}
