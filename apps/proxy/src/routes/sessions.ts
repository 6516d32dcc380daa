import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EngineError, type Engine, type Session, type SessionView } from '@mcpscope/engine';
import { CreateSessionBodySchema, EventsQuerySchema, RenameSessionBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import type { SessionsAhead } from '../sessions-ahead.js';
import { parseInput } from './parse.js';

export const SessionParamsSchema = z.object({ id: z.string().min(1) });
const DeleteQuerySchema = z.object({ forget: z.enum(['1', 'true', '0', 'false']).optional() });

export function sessionOr404(engine: Engine, params: unknown): Session {
  const { id } = parseInput(SessionParamsSchema, params, 'path parameters');
  const session = engine.get(id);
  if (!session && engine.view(id))
    throw new ProxyError('MCPSCOPE_ERR_OFFLINE', `Session ${JSON.stringify(id)} is read-only (opened from a trace or wrapped)`);
  if (!session) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
  return session;
}

/** Any session, live or read-only: every view pages from disk the same way. */
export function viewOr404(engine: Engine, params: unknown): Session | SessionView {
  const { id } = parseInput(SessionParamsSchema, params, 'path parameters');
  const view = engine.view(id);
  if (!view) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
  return view;
}

/** A failed open: the session stays listed as 'failed'; the UI gets why and which one. */
function connectFailed(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  const connectError = err.details ?? { code: err.code, message: err.message };
  return new ProxyError('MCPSCOPE_ERR_CONNECT_FAILED', err.message, { ...connectError, sessionId: err.sessionId });
}

/** /api/sessions: list, connect (resolves once connected), rename, close or forget, stored events. */
export const sessionRoutes: FastifyPluginAsync<{ engine: Engine; ahead?: SessionsAhead }> = async (app, { engine, ahead }) => {
  app.get('/sessions', async () => ({ sessions: engine.list() }));

  app.post('/sessions', async (request, reply) => {
    const { config, watchListChanges, traceContext, collectServerSpans, claim } = parseInput(
      CreateSessionBodySchema,
      request.body,
      'request body',
    );
    let session: Session;
    try {
      const opened = claim === undefined ? undefined : ahead?.take(claim);
      // Opt-in only: a listen stream nobody asked for is traffic mcpscope caused.
      session = await (opened ??
        engine.open(config, {
          ...(watchListChanges ? { watchListChanges: true } : {}),
          ...(traceContext === undefined ? {} : { traceContext }),
          ...(collectServerSpans ? { collectServerSpans: true } : {}),
        }));
    } catch (err) {
      throw connectFailed(err);
    }
    return reply.code(201).send({ session: session.info() });
  });

  // Any session, live or not (an offline trace too): every tab and the CLI get the new name
  // through the engine's `session` message, like any other change of a session's info.
  app.patch('/sessions/:id', async (request) => {
    const { id } = parseInput(SessionParamsSchema, request.params, 'path parameters');
    const { name } = parseInput(RenameSessionBodySchema, request.body ?? {}, 'request body');
    if (!engine.rename(id, name)) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
    return { session: engine.view(id)!.info() };
  });

  app.delete('/sessions/:id', async (request, reply) => {
    const { id } = parseInput(SessionParamsSchema, request.params, 'path parameters');
    const { forget } = parseInput(DeleteQuerySchema, request.query, 'query');
    const forgetIt = forget === '1' || forget === 'true';
    const found = forgetIt ? await engine.remove(id) : await engine.close(id);
    if (!found) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
    return reply.code(204).send();
  });

  // Paged with ?from=<seq>&limit=<n> from disk and memory (every view); without them, the in-memory window.
  app.get('/sessions/:id/events', async (request) => {
    const view = viewOr404(engine, request.params);
    const { from, limit } = parseInput(EventsQuerySchema, request.query, 'query');
    // An offline trace still being indexed has no last page yet: wait for it (bounded), as a page read does.
    if (from === undefined && limit === undefined) return { events: 'lastEvents' in view ? await view.lastEvents() : view.events() };
    return { events: await view.page(from ?? 0, limit ?? 5000) };
  });
};
