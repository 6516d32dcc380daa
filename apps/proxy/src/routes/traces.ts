import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { flushRecordings, indexTrace, iterateEvents, replayTrace, EngineError, type Engine, type SessionConfig } from '@mcpscope/engine';
import { TraceError } from '@mcpscope/trace';
import { CreateSessionBodySchema, ReplayBodySchema, TraceParamsSchema } from '@mcpscope/wire';
import type { SessionEvent } from '@mcpscope/protocol';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { storeOf } from './trace-sources.js';

/** Uploads may be large; this route alone streams its body to disk instead of buffering it. */
export const TRACE_UPLOAD_LIMIT = 256 * 1024 * 1024;

function badTrace(err: unknown): unknown {
  return err instanceof TraceError ? new ProxyError('MCPSCOPE_ERR_BAD_TRACE', err.message) : err;
}

/** /api/traces: the traces folder — list, download, upload, open offline, replay. */
export const traceRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.addContentTypeParser('application/x-ndjson', (_request, payload, done) => done(null, payload));
  // A trace still being recorded holds every event emitted so far before a route reads it (recorder.ts).
  app.addHook('onRequest', async () => flushRecordings());

  app.get('/traces', async () => ({ traces: await storeOf(engine).list() }));

  app.get('/traces/:id', async (request, reply) => {
    const { id } = parseInput(TraceParamsSchema, request.params, 'path parameters');
    const file = storeOf(engine).path(id);
    return reply
      .type('application/x-ndjson')
      .header('content-disposition', `attachment; filename="${id}.ndjson"`)
      .send(createReadStream(file));
  });

  app.post('/traces', { bodyLimit: TRACE_UPLOAD_LIMIT }, async (request, reply) => {
    if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
      throw new ProxyError('MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE', 'send the trace as application/x-ndjson');
    }
    const stored = await storeOf(engine)
      .importStream(request.body as Readable, TRACE_UPLOAD_LIMIT)
      .catch((err) => {
        throw badTrace(err);
      });
    return reply.code(201).send(stored);
  });

  // Answers once the header is read: the trace is indexed in the background and its page info
  // and last events reach the UI over /ws when ready; a page asked for meanwhile waits for it.
  app.post('/traces/:id/open', async (request, reply) => {
    const { id } = parseInput(TraceParamsSchema, request.params, 'path parameters');
    const session = await engine.openTrace(storeOf(engine).path(id), { background: true }).catch((err) => {
      throw badTrace(err);
    });
    return reply.code(201).send({ session: session.info() });
  });

  // The target is the one the user confirmed in the request body, never the trace's own
  // (`recorded` in the listing is only a suggestion): a crafted trace cannot start a command
  // or set env (e.g. NODE_OPTIONS) by being replayed.
  app.post('/traces/:id/replay', async (request) => {
    const { id } = parseInput(TraceParamsSchema, request.params, 'path parameters');
    const body = parseInput(ReplayBodySchema, request.body ?? {}, 'request body');
    const config = parseInput(CreateSessionBodySchema, { config: body.config }, 'config').config as SessionConfig;
    const index = await indexTrace(storeOf(engine).path(id)).catch((err) => {
      throw badTrace(err);
    });
    const events: SessionEvent[] = [];
    for await (const e of iterateEvents(index)) events.push(e);
    try {
      // Marked as a replay of this trace: the UI lists it apart from the sessions the user connected.
      return await replayTrace(engine, events, config, { ignore: body.ignore, defaults: body.defaults, open: { replayOf: id } });
    } catch (err) {
      if (err instanceof EngineError && err.details)
        throw new ProxyError('MCPSCOPE_ERR_CONNECT_FAILED', err.message, { ...err.details, sessionId: err.sessionId });
      throw err;
    }
  });
};
