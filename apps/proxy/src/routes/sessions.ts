import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EngineError, type Engine, type Session, type SessionView } from '@mcpscope/engine';
import { CreateSessionBodySchema, EventsQuerySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';

export const SessionParamsSchema = z.object({ id: z.string().min(1) });
const DeleteQuerySchema = z.object({ forget: z.enum(['1', 'true', '0', 'false']).optional() });

export function sessionOr404(engine: Engine, params: unknown): Session {
  const { id } = parseInput(SessionParamsSchema, params, 'path parameters');
  const session = engine.get(id);
  if (!session && engine.view(id)) throw new ProxyError('MCPSCOPE_ERR_OFFLINE', `Session ${JSON.stringify(id)} is read-only (opened from a trace or wrapped)`);
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

/** /api/sessions: list, connect (resolves once connected), close or forget, stored events. */
export const sessionRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.get('/sessions', async () => ({ sessions: engine.list() }));

  app.post('/sessions', async (request, reply) => {
    const { config, watchListChanges } = parseInput(CreateSessionBodySchema, request.body, 'request body');
    let session: Session;
    try {
      // Opt-in only (issue 11): a listen stream nobody asked for is traffic mcpscope caused.
      session = await engine.open(config, watchListChanges ? { watchListChanges: true } : {});
    } catch (err) {
      throw connectFailed(err);
    }
    return reply.code(201).send({ session: session.info() });
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
    if (from === undefined && limit === undefined) return { events: view.events() };
    return { events: await view.page(from ?? 0, limit ?? 5000) };
  });
};
