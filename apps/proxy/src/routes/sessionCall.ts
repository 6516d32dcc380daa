import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { EngineError, type Engine, type RequestOutcome, type Session } from '@mcpscope/engine';
import { isStringProperty, setOwn, toolUi, type FrameOrigin } from '@mcpscope/protocol';
import { redactSecretValues, type SecretValues } from '@mcpscope/trace';
import { RootSchema, SessionCallBodySchema, type CallToolApp, type Root, type SessionCallLine } from '@mcpscope/wire';
import { z } from 'zod';
import { ProxyError, toProxyError } from '../errors.js';
import { sessionSecrets } from '../ws/sessionSecrets.js';
import { CallWatch } from './callWatch.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

type Body = ReturnType<typeof SessionCallBodySchema.parse>;
type Params = Body['params'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `--arg` texts go in as text where the tool's inputSchema types the key as a string (`--arg zip=01234`). */
function withTextArgs(params: Params, textArgs: Record<string, string> | undefined, inputSchema: unknown): Params {
  if (!isObject(params) || !textArgs) return params;
  const args = isObject(params.arguments) ? { ...params.arguments } : {};
  for (const key of Object.keys(textArgs)) if (isStringProperty(inputSchema, key)) setOwn(args, key, textArgs[key]);
  return { ...params, arguments: args };
}

const RootsAnswerSchema = z.object({ roots: z.array(RootSchema) });

/** `roots/list` in the answers sets the session's roots first (the engine answers roots/list itself), as a direct `call` does. */
export function rootsOf(body: Body): Root[] | undefined {
  const answer = body.answers?.['roots/list'];
  if (!answer || !('result' in answer)) return undefined;
  return parseInput(RootsAnswerSchema, answer.result, 'answers: "roots/list"').roots;
}

/** Through the SDK client; array params and methods the era does not define go out as written (as a direct `call`). */
async function send(
  session: Session,
  body: Body,
  params: Params,
  opts: { origin: FrameOrigin; callId: string },
  line: (l: SessionCallLine) => void,
): Promise<RequestOutcome> {
  if (!Array.isArray(params)) {
    try {
      return await session.request(body.method, params, { timeoutMs: body.timeoutMs, ...opts });
    } catch (err) {
      if (!(err instanceof EngineError && err.code === 'ENGINE_METHOD_NOT_IN_ERA')) throw err;
      line({ type: 'as-written', protocolVersion: session.info().protocolVersion });
    }
  }
  const { response, latencyMs = 0 } = await session.send(
    { method: body.method, ...(params === undefined ? {} : { params }) },
    { timeoutMs: body.timeoutMs, origin: opts.origin },
  );
  if (response && 'error' in response)
    return { callId: 'raw', outcome: 'error', error: response.error as { code: number; message: string }, source: 'server', latencyMs };
  return { callId: 'raw', outcome: 'result', result: (response?.result ?? null) as Record<string, unknown>, latencyMs };
}

/** A call that failed, as its last line (the error as the API answers it). */
export const errorLine = (err: unknown): SessionCallLine => ({
  type: 'error',
  error: toProxyError(err).toBody().error as Extract<SessionCallLine, { type: 'error' }>['error'],
});

/** The call, its tool's definition first when asked (the session's current listing, else tools/list), watched as it runs. */
export async function runSessionCall(
  engine: Engine,
  session: Session,
  body: Body,
  roots: Root[] | undefined,
  origin: FrameOrigin,
  line: (l: SessionCallLine) => void,
): Promise<SessionCallLine> {
  const callId = `cli-${randomUUID()}`;
  const logs = body.logLevel !== undefined && body.method !== 'logging/setLevel';
  const watch = new CallWatch(engine, session, { origin, callId, answers: body.answers, logs, line });
  try {
    if (roots) await session.setRoots(roots, origin);
    if (logs) await session.setLogLevel(body.logLevel!, origin);
    const name = body.method === 'tools/call' && body.describeTool && isObject(body.params) ? body.params.name : undefined;
    const defs =
      typeof name === 'string'
        ? ((await session.toolDefinitions({ timeoutMs: body.timeoutMs, origin })) ?? []).filter((t) => t.name === name)
        : [];
    const typed = defs.filter((d) => d.outputSchema !== undefined);
    // A name listed more than once: said, and the call goes by the one with an outputSchema (the linter checks every one).
    if (defs.length > 1 && typeof name === 'string')
      line({ type: 'tool-listed', name, count: defs.length, withOutputSchema: typed.length });
    const def = typed[0] ?? defs[0];
    const params = def ? withTextArgs(body.params, body.textArgs, def.inputSchema) : body.params;
    const outcome = await send(session, body, params, { origin, callId }, line);
    const ui = def ? toolUi(def) : undefined;
    const app: CallToolApp | undefined = ui?.resourceUri ? { resourceUri: ui.resourceUri, appOnly: ui.appOnly } : undefined;
    // A looked-up tool without an outputSchema has nothing to break (as a direct `call` judges it).
    const judged = body.describeTool ? def?.outputSchema !== undefined : true;
    const schemaFindings = judged && watch.schemaFindings.length > 0 ? watch.schemaFindings : undefined;
    return { type: 'outcome', outcome, ...(app ? { app } : {}), ...(schemaFindings ? { schemaFindings } : {}) };
  } catch (err) {
    return errorLine(err);
  } finally {
    watch.close();
  }
}

/** A call is refused before anything is sent unless its session is connected (…/call, and each line of …/calls). */
export function mustBeConnected(session: Session): void {
  const { state } = session.info();
  if (state !== 'connected') throw new ProxyError('MCPSCOPE_ERR_NOT_CONNECTED', `Session ${JSON.stringify(session.id)} is ${state}`);
}

/** A reply of NDJSON call lines, each redacted with the session's secrets like every reply about it. */
export function callLinesReply(session: Session, secrets: SecretValues): { out: PassThrough; line: (l: SessionCallLine) => void } {
  const out = new PassThrough();
  out.on('error', () => undefined); // the caller went away: what is left of the call finishes unread
  const line = (l: SessionCallLine): void => {
    if (!out.destroyed) out.write(`${JSON.stringify(redactSecretValues(l, secrets))}\n`);
  };
  return { out, line };
}

/**
 * POST /api/sessions/:id/call: `mcpscope call --session` in one request (wire SessionCallBodySchema).
 * What the session already knows is not asked again (its current tool listing); the reply streams
 * what happens as NDJSON lines, redacted with the session's secrets like every reply about it.
 */
export const sessionCallRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  const secretsOf = sessionSecrets(engine);
  app.post('/sessions/:id/call', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(SessionCallBodySchema, request.body, 'request body');
    const roots = rootsOf(body);
    mustBeConnected(session);
    const { out, line } = callLinesReply(session, secretsOf(session.id));
    void runSessionCall(engine, session, body, roots, originOf(request), line).then((last) => {
      line(last);
      out.end();
    });
    return reply.type('application/x-ndjson; charset=utf-8').send(out);
  });
};
