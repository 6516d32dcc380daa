import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { OTLP_SECRET_HEADER, serverSpanEnv } from '@mcpscope/protocol';
import { TraceContextBodySchema, type ServerSpansReply } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * OpenTelemetry per session: PUT …/trace-context turns W3C trace context on or off for what the
 * session sends from now on; POST …/server-spans opens the session's OTLP receiver and says how a
 * server reaches it (for servers mcpscope did not start with "collect server spans").
 */
export const otelRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.put('/sessions/:id/trace-context', async (request) => {
    const session = sessionOr404(engine, request.params);
    const { on } = parseInput(TraceContextBodySchema, request.body, 'request body');
    session.otel.setTraceContext(on);
    return { session: session.info() };
  });

  app.post('/sessions/:id/server-spans', async (request): Promise<ServerSpansReply> => {
    const session = sessionOr404(engine, request.params);
    const url = engine.spanReceivers.url;
    if (url === undefined) throw new ProxyError('MCPSCOPE_ERR_NOT_FOUND', 'This mcpscope runs no OTLP receiver');
    if (session.info().state !== 'connected')
      throw new ProxyError('MCPSCOPE_ERR_NOT_CONNECTED', `Session ${session.id} is ${session.info().state}`);
    session.otel.collectServerSpans();
    const secret = engine.spanReceivers.secretFor(session.id);
    return { endpoint: url, header: { name: OTLP_SECRET_HEADER, value: secret }, env: serverSpanEnv(url, secret) };
  });
};
