import type { FastifyPluginAsync } from 'fastify';
import { parseEvent } from '@mcpscope/trace';
import { jsonTextTooDeep, MAX_JSON_DEPTH, type SessionEvent } from '@mcpscope/protocol';
import { IngestedSession, type Engine } from '@mcpscope/engine';
import { IngestOpenBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { SessionParamsSchema } from './sessions.js';

/**
 * `mcpscope wrap` streams the session it sits in to a running UI: POST /api/sessions/ingest
 * opens a wrapped session, POST …/:id/ingest appends NDJSON batches of events (each parsed at
 * this trust boundary), POST …/:id/ingest/end marks it closed.
 */
export const ingestRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.addContentTypeParser('application/x-ndjson', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/sessions/ingest', async (request, reply) => {
    const meta = parseInput(IngestOpenBodySchema, request.body, 'request body');
    return reply.code(201).send({ session: engine.ingest(meta).info() });
  });

  const ingested = (params: unknown): IngestedSession => {
    const { id } = parseInput(SessionParamsSchema, params, 'path parameters');
    const view = engine.view(id);
    if (!(view instanceof IngestedSession))
      throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No wrapped session ${JSON.stringify(id)}`);
    return view;
  };

  app.post('/sessions/:id/ingest', async (request, reply) => {
    const session = ingested(request.params);
    if (typeof request.body !== 'string')
      throw new ProxyError('MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE', 'send events as application/x-ndjson');
    const events: SessionEvent[] = [];
    for (const line of request.body.split('\n')) {
      if (!line.trim()) continue;
      // Refused before parsing: past this boundary (lint, redaction, the /ws hub) nothing recurses unbounded.
      if (jsonTextTooDeep(line))
        throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', `an ingested line is nested deeper than ${MAX_JSON_DEPTH} levels`);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', 'an ingested line is not JSON');
      }
      const parsed = parseEvent(value);
      if ('error' in parsed) throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', parsed.error);
      events.push(parsed.event);
    }
    session.add(events);
    return reply.code(204).send();
  });

  app.post('/sessions/:id/ingest/end', async (request, reply) => {
    ingested(request.params).end();
    return reply.code(204).send();
  });
};
