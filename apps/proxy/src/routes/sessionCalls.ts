import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LineSplitter, type Engine, type Session } from '@mcpscope/engine';
import { cleanOriginReason, type FrameOrigin } from '@mcpscope/protocol';
import { SessionCallsLineSchema, type SessionCallLine } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { sessionSecrets } from '../ws/sessionSecrets.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { callLinesReply, errorLine, mustBeConnected, rootsOf, runSessionCall } from './sessionCall.js';
import { sessionOr404 } from './sessions.js';

/** A line is one call's body: the app's body limit for a single call (app.ts BODY_LIMIT). */
const MAX_LINE_BYTES = 4 * 1024 * 1024;

type ParseJson = (request: FastifyRequest, text: string, done: (err: Error | null, value?: unknown) => void) => void;

/**
 * The request's lines as they arrive, split by the engine's LineSplitter (never more than
 * MAX_LINE_BYTES of one line held); a longer one comes as `undefined`. The next chunk is read
 * once the lines of this one are taken.
 */
async function* linesOf(body: Readable): AsyncGenerator<string | undefined> {
  const lines: Array<string | undefined> = [];
  const splitter = new LineSplitter(MAX_LINE_BYTES, (line, overflow) => lines.push(overflow ? undefined : line.toString('utf8')));
  for await (const chunk of body as AsyncIterable<Buffer>) {
    splitter.push(chunk);
    yield* lines.splice(0);
  }
  splitter.end();
  yield* lines.splice(0);
}

/** One line of the body: parsed as a single call's JSON body is (the app's JSON parser), then checked. */
function callOf(parseJson: ParseJson, request: FastifyRequest, text: string, lineNo: number) {
  let value: unknown;
  let failed: Error | null = null;
  parseJson(request, text, (err, parsed) => {
    failed = err;
    value = parsed;
  });
  if (failed) throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', `line ${lineNo} of the request body: ${(failed as Error).message}`);
  return parseInput(SessionCallsLineSchema, value, `line ${lineNo} of the request body`);
}

/** Each line's call, one after the other; each call's lines written as they come. Stops when the caller goes away. */
async function runLines(
  engine: Engine,
  session: Session,
  request: FastifyRequest,
  parseJson: ParseJson,
  out: PassThrough,
  line: (l: SessionCallLine) => void,
): Promise<void> {
  const fallback = originOf(request);
  let lineNo = 0;
  for await (const text of linesOf(request.body as Readable)) {
    lineNo++;
    if (out.destroyed) break;
    if (text !== undefined && text.trim() === '') continue;
    try {
      if (text === undefined) throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', `line ${lineNo} is longer than ${MAX_LINE_BYTES} bytes`);
      const { origin: reason, ...body } = callOf(parseJson, request, text, lineNo);
      mustBeConnected(session);
      const clean = reason === undefined ? undefined : cleanOriginReason(reason);
      const origin: FrameOrigin = clean ? { by: 'user', reason: clean } : fallback;
      line(await runSessionCall(engine, session, body, rootsOf(body), origin, line));
    } catch (err) {
      line(errorLine(err));
    }
    // A caller that reads its answers slowly holds the next call back, not mcpscope's memory.
    if (out.writableNeedDrain) {
      const done = new AbortController(); // the listener of the event that did not come goes too
      await Promise.race([once(out, 'drain', done), once(out, 'close', done)]).finally(() => done.abort());
    }
  }
}

/**
 * POST /api/sessions/:id/calls: `mcpscope call --session --stdin` in one request (wire
 * SessionCallsLineSchema). The calls run in the order their lines arrive, each as POST …/call
 * runs it, while the body is still being sent: a loop that writes a line and waits for its answer
 * gets it, and one that writes all of them at once pays no HTTP request a call.
 */
export const sessionCallsRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  const secretsOf = sessionSecrets(engine);
  const parseJson = app.getDefaultJsonParser('error', 'error') as unknown as ParseJson;
  // The body is read a line at a time as it arrives, never whole.
  app.addContentTypeParser('application/x-ndjson', (_request, payload, done) => done(null, payload));
  app.post('/sessions/:id/calls', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    if (!request.body || typeof (request.body as Readable).pipe !== 'function')
      throw new ProxyError('MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE', 'send the calls as application/x-ndjson, one request body a line');
    mustBeConnected(session);
    const { out, line } = callLinesReply(session, secretsOf(session.id));
    void runLines(engine, session, request, parseJson, out, line)
      .catch(() => undefined) // the body was cut: nothing more to run, nobody to tell
      .finally(() => out.end());
    return reply.type('application/x-ndjson; charset=utf-8').send(out);
  });
};
