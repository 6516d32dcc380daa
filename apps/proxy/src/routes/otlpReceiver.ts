import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Engine, Session } from '@mcpscope/engine';
import { OTLP_RECEIVER_PATH, OTLP_SECRET_HEADER } from '@mcpscope/protocol';
import { ProxyError } from '../errors.js';
import { decodeTraceRequest, encodeTraceResponse, otlpEncoding } from '../otlp/traceRequest.js';

/** The largest export request taken (decompressed too). */
export const OTLP_BODY_LIMIT = 4 * 1024 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The session a request's secret names, and its intake; 401 / 409 otherwise (the same 401 for a missing and a wrong secret). */
function intakeOf(engine: Engine, request: FastifyRequest): { session: Session; intake: NonNullable<Session['serverSpans']> } {
  const raw = request.headers[OTLP_SECRET_HEADER];
  const id = engine.spanReceivers.sessionIdFor(typeof raw === 'string' ? raw : undefined);
  const session = id === undefined ? undefined : engine.get(id);
  if (!session) throw new ProxyError('MCPSCOPE_ERR_UNAUTHORIZED', `Missing or wrong ${OTLP_SECRET_HEADER}`);
  const intake = session.serverSpans;
  if (!intake) throw new ProxyError('MCPSCOPE_ERR_NOT_CONNECTED', `Session ${session.id} has ended: its spans are no longer recorded`);
  return { session, intake };
}

function rateLimited(waitMs: number): ProxyError {
  return new ProxyError('MCPSCOPE_ERR_RATE_LIMITED', 'Too many spans for this session right now; retry later', { retryAfterMs: waitMs });
}

/**
 * POST /otlp/v1/traces: OTLP/HTTP trace exports (JSON or protobuf, optionally gzip) from a server
 * under test, into the session its secret header names (not the UI token: the server holds it).
 * Loopback peers only. The secret and the rate (the session's span and byte budgets) are checked
 * before the body is read; a flood gets 429 with Retry-After, which OTLP exporters back off on.
 * Spans are the server's text: decoded and capped (spansFromOtlp), then session events.
 */
export const otlpReceiverRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  // Raw bytes for this route only (the rest of the proxy takes JSON text).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-protobuf', 'application/protobuf'],
    { parseAs: 'buffer', bodyLimit: OTLP_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? ''))
      throw new ProxyError('MCPSCOPE_ERR_FORBIDDEN_HOST', 'The OTLP receiver takes spans from this machine only');
    const { intake } = intakeOf(engine, request);
    const length = Number(request.headers['content-length']);
    const wait = Math.max(intake.spanWait(), Number.isFinite(length) && length > 0 ? intake.admit(length) : 0);
    if (wait > 0) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      throw rateLimited(wait);
    }
  });

  app.post(OTLP_RECEIVER_PATH, async (request, reply) => {
    const encoding = otlpEncoding(request.headers['content-type']);
    if (!encoding)
      throw new ProxyError('MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE', 'OTLP/HTTP takes application/json or application/x-protobuf');
    const { intake } = intakeOf(engine, request);
    let body = request.body as Buffer;
    if (String(request.headers['content-length'] ?? '') === '') {
      const wait = intake.admit(body.length);
      if (wait > 0) throw rateLimited(wait);
    }
    const encodingHeader = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encodingHeader === 'gzip') {
      try {
        body = gunzipSync(body, { maxOutputLength: OTLP_BODY_LIMIT });
      } catch (err) {
        const tooLarge = (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
        throw new ProxyError(
          tooLarge ? 'MCPSCOPE_ERR_PAYLOAD_TOO_LARGE' : 'MCPSCOPE_ERR_BAD_REQUEST',
          tooLarge ? `The decompressed body is over ${OTLP_BODY_LIMIT} bytes` : 'The body is not valid gzip',
        );
      }
    } else if (encodingHeader !== 'identity') {
      throw new ProxyError(
        'MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE',
        `Content-Encoding ${encodingHeader.slice(0, 40)} is not supported (gzip or none)`,
      );
    }
    let decoded: unknown;
    try {
      decoded = await decodeTraceRequest(body, encoding);
    } catch (err) {
      throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', (err as Error).message);
    }
    const result = intake.receive(decoded);
    return reply
      .type(encoding === 'json' ? 'application/json' : 'application/x-protobuf')
      .send(await encodeTraceResponse(result, encoding));
  });
};
