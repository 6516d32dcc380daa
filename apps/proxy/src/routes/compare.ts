import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionEvent } from '@mcpscope/protocol';
import {
  diffTraces,
  redactEvent,
  redactSecretValues,
  toHar,
  TraceWriter,
  type Exchange,
  type SecretValues,
  type TraceHeaderMeta,
} from '@mcpscope/trace';
import { otlpOfEvents, OfflineSession, Session, type Engine, type OtlpSessionMeta, type SessionView } from '@mcpscope/engine';
import { CompareBodySchema, ExportQuerySchema, type Side, type TraceDiffWire, type WireExchange } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { SessionParamsSchema } from './sessions.js';
import { eventsOf } from './trace-sources.js';
import { sessionSecrets } from '../ws/sessionSecrets.js';

function wireExchange(x: Exchange): WireExchange {
  return {
    method: x.method,
    ...(x.params === undefined ? {} : { params: x.params }),
    seq: x.request.seq,
    ...(x.response?.msg ? { response: x.response.msg as Record<string, unknown> } : {}),
    ...(x.latencyMs === undefined ? {} : { latencyMs: x.latencyMs }),
  };
}

/** POST /api/compare (two traces or sessions, diffed) and GET /api/sessions/:id/export. */
export const compareRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  // Every body below leaves with the session's own secrets (its env/header values) redacted by
  // value, as on /ws; exports are redacted by key as well, like a trace.
  const secretsOf = sessionSecrets(engine);
  const sideSecrets = (side: Side): SecretValues => secretsOf('sessionId' in side ? side.sessionId : undefined);

  app.post('/compare', async (request): Promise<TraceDiffWire> => {
    const body = parseInput(CompareBodySchema, request.body, 'request body');
    const [left, right] = await Promise.all([eventsOf(engine, body.left), eventsOf(engine, body.right)]);
    const [ls, rs] = [sideSecrets(body.left), sideSecrets(body.right)];
    const diff = diffTraces(
      left.events.map((e) => redactSecretValues(e, ls)),
      right.events.map((e) => redactSecretValues(e, rs)),
      { ignore: body.ignore, defaults: body.defaults },
    );
    return {
      matched: diff.matched.map((m) => ({
        method: m.method,
        ...(m.params === undefined ? {} : { params: m.params }),
        left: wireExchange(m.left),
        right: wireExchange(m.right),
        differences: m.differences,
        ignored: m.ignored,
        ...(m.latencyDeltaMs === undefined ? {} : { latencyDeltaMs: m.latencyDeltaMs }),
      })),
      onlyLeft: diff.onlyLeft.map(wireExchange),
      onlyRight: diff.onlyRight.map(wireExchange),
      same: diff.same,
    };
  });

  app.get('/sessions/:id/export', async (request, reply) => {
    const { id } = parseInput(SessionParamsSchema, request.params, 'path parameters');
    const { format } = parseInput(ExportQuerySchema, request.query, 'query');
    const view = engine.view(id);
    if (!view) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
    const info = view.info();
    const name = `${info.name.replace(/[^\w.-]+/g, '_')}-${id}`;
    const download = (ext: string) => reply.header('content-disposition', `attachment; filename="${name}.${ext}"`);
    const secrets = secretsOf(id);
    if (format === 'otlp') {
      // The spans the live export sends (or would have), rebuilt from every event: redacted by the span rules.
      const { json } = await otlpOfEvents(otlpMeta(view), view.all());
      return download('otlp.json').type('application/json').send(redactSecretValues(json, secrets));
    }
    if (format === 'ndjson') {
      // Streamed from all(): a session with most of its events spilled to disk is never copied whole.
      const otel = view instanceof Session ? { otel: { ...view.otel.trace, kind: view.otel.kind } } : {};
      const header = {
        tool: { name: 'mcpscope', version: '0.1.0' },
        createdAt: new Date(info.createdAt),
        session: { id, name: info.name, transport: info.transport, target: info.target, ...otel },
      };
      return download('ndjson')
        .type('application/x-ndjson')
        .send(Readable.from(traceLines(header, view.all(), secrets)));
    }
    const events = (await eventsOf(engine, { sessionId: id })).events.map((e) => redactEvent(e, secrets));
    if (format === 'har')
      return download('har')
        .type('application/json')
        .send(toHar({ createdAt: new Date(info.createdAt).toISOString(), tool: { name: 'mcpscope', version: '0.1.0' } }, events));
    return download('json').type('application/json').send(JSON.stringify(events));
  });
};

/** What the OTLP spans need of a session: its trace's header (offline), or one made as its recorder writes it. */
function otlpMeta(view: Session | SessionView): OtlpSessionMeta {
  if (view instanceof OfflineSession) return view.index.header;
  const info = view.info();
  const session = {
    id: info.id,
    name: info.name,
    transport: info.transport,
    target: info.target,
    ...(info.wrapped ? { wrapped: true } : {}),
  };
  if (!(view instanceof Session)) return { createdAt: new Date(info.createdAt).toISOString(), session };
  const url = view.config.transport === 'stdio' ? {} : { config: { url: view.config.url } };
  return {
    createdAt: new Date(info.createdAt).toISOString(),
    session: { ...session, ...url, otel: { ...view.otel.trace, kind: view.otel.kind } },
  };
}

/** A trace v1 (redacted, by key and by the session's own secret values) as text chunks of up to 1000 lines. */
async function* traceLines(header: TraceHeaderMeta, events: AsyncIterable<SessionEvent>, secrets: SecretValues): AsyncGenerator<string> {
  const lines: string[] = [];
  const writer = new TraceWriter({ write: (line) => lines.push(line) }, { secrets });
  writer.writeHeader(header);
  for await (const e of events) {
    writer.write(e);
    if (lines.length >= 1000) yield lines.splice(0).join('');
  }
  yield lines.join('');
}
