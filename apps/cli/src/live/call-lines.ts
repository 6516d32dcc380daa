import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { cleanOriginReason } from '@mcpscope/protocol';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { ApiError, UnreachableError, type LiveApi } from './api.js';
import { callLineEnd, callSession, failureKind, type CallEnd, type SessionCallRequest } from './session-call.js';

/** A line longer than this is answered as a bad line (the proxy takes request bodies up to 4 MiB). */
const MAX_LINE_CHARS = 8 * 1024 * 1024;

type Id = string | number | null;
type Answer = { id: Id } & (
  | { result: unknown; findings?: unknown[] }
  | { error: unknown }
  | { mcpscope: { code: string; message: string; exitCode: number } }
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A line as a request `{"id"?, "method", "params"?}`, or why it is not one. */
function requestOf(
  text: string,
  lineNo: number,
): { id: Id; method: string; params?: Record<string, unknown> | unknown[] } | { id: Id; bad: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { id: null, bad: `line ${lineNo} is not JSON: ${(err as Error).message}` };
  }
  if (!isObject(value)) return { id: null, bad: `line ${lineNo} is not a JSON object` };
  const raw = Object.hasOwn(value, 'id') ? value.id : lineNo;
  const id: Id = typeof raw === 'string' || typeof raw === 'number' || raw === null ? raw : lineNo;
  const { method, params } = value;
  if (typeof method !== 'string' || method === '') return { id, bad: `line ${lineNo} has no "method"` };
  if (params !== undefined && !isObject(params) && !Array.isArray(params))
    return { id, bad: `line ${lineNo}: "params" must be an object or an array` };
  return { id, method, ...(params === undefined ? {} : { params }) };
}

/** Lines of the input, CRLF or LF; an overlong line is handed on as `undefined`. */
async function* linesOf(input: AsyncIterable<string | Buffer>): AsyncGenerator<string | undefined> {
  let pending = '';
  let skipping = false;
  for await (const chunk of input) {
    const parts = (pending + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'))).split('\n');
    pending = parts.pop()!;
    for (const part of parts) {
      if (skipping) skipping = false;
      else yield part.replace(/\r$/, '');
    }
    if (pending.length > MAX_LINE_CHARS) {
      if (!skipping) yield undefined;
      skipping = true;
      pending = '';
    }
  }
  if (pending !== '' && !skipping) yield pending.replace(/\r$/, '');
}

/** Lines read ahead of their answers while each goes alone. */
const MAX_AHEAD = 64;

/** A line of POST …/calls (wire SessionCallsLineSchema; the running mcpscope checks it). */
type CallLine = SessionCallRequest & { origin: string };

/** A line sent and not answered yet, or an answer of the client's own waiting for its turn. */
type Sent = { id: Id; method: string; line: CallLine };
type Queued = Sent | { answer: Answer };

/**
 * A running mcpscope older than POST …/calls answers it with its not-found for an unknown route
 * (a session it does not know has a code of its own). It ran none of the lines, so each can go
 * again the older way, one POST …/call a line.
 */
const noCallsRoute = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 404 && err.code === 'MCPSCOPE_ERR_NOT_FOUND' && err.message.startsWith('No route ');

/** The answer line of a call's end. */
function answerOf(id: Id, method: string, end: CallEnd): Answer {
  if (end.kind === 'failure') {
    const { exitCode, code } = failureKind(end.error);
    return { id, mcpscope: { code, message: (end.error as Error).message, exitCode } };
  }
  const out = end.outcome;
  if (out.outcome === 'result') return { id, result: out.result, ...(end.schemaFindings?.length ? { findings: end.schemaFindings } : {}) };
  if (out.outcome === 'error') return { id, error: out.error };
  return { id, mcpscope: { code: 'MCPSCOPE_CLI_CANCELLED', message: `${method} was cancelled`, exitCode: ExitCode.Usage } };
}

/**
 * `call --session <s> --stdin`: many calls in one process, for loops. Each input line is a
 * request (`{"id"?, "method", "params"?}`; the id is echoed, the line number without one); each
 * answer is one line, in order: `{"id", "result"}` (with `"findings"` when the result breaks the
 * tool's outputSchema), `{"id", "error"}` (the server's JSON-RPC error), or `{"id", "mcpscope":
 * {code, message, exitCode}}` when no answer came (the exit code a single call would have had).
 * Each line is sent as written (no tools/list first). The server's requests and logs go to stderr
 * as for a single call. Exit 0 once the input ends, 2 when the session or mcpscope went away.
 *
 * The lines go to the running mcpscope in one request (POST …/calls) as they are read, and it
 * runs them one after the other: a loop pays no HTTP request a call, and input that is all there
 * at once keeps mcpscope busy while the answers are printed.
 */
export async function runCallLines(
  api: LiveApi,
  sessionId: string,
  common: Omit<SessionCallRequest, 'method'>,
  io: CliIo,
): Promise<ExitCodeValue> {
  const write = (answer: Answer): void => io.stdout(`${JSON.stringify(answer)}\n`);
  const queue: Queued[] = [];
  const body = new PassThrough();
  /** Set when the session or mcpscope went away: nothing more is sent or read, and this is the exit code. */
  let gone: ExitCodeValue | undefined;
  const abort = new AbortController();
  const stopped = new Promise<undefined>((resolve) => abort.signal.addEventListener('abort', () => resolve(undefined)));
  /** The whole request failed otherwise: every line after is answered with this. */
  let broken: CallEnd | undefined;
  /** Set when the running mcpscope has no POST …/calls: each line goes alone, in order, on this chain. */
  let oneByOne: Promise<void> | undefined;
  const flush = (): void => {
    while (queue[0] && 'answer' in queue[0]) write((queue.shift() as { answer: Answer }).answer);
  };
  const end = (result: CallEnd): void => {
    const head = queue.shift() as Sent;
    const answer = answerOf(head.id, head.method, result);
    write(answer);
    flush();
    if ('mcpscope' in answer && answer.mcpscope.exitCode === ExitCode.ConnectFailed) {
      gone = ExitCode.ConnectFailed;
      abort.abort();
      body.destroy();
    }
  };
  // Answers of the client's own are written as soon as they are first in the queue: its head is a sent line, if any.
  const sent = (): Sent | undefined => (queue[0] && !('answer' in queue[0]) ? queue[0] : undefined);
  const alone = (entry: Sent): void => {
    const { origin, ...request } = entry.line;
    oneByOne = oneByOne!.then(async () => {
      if (gone !== undefined) return;
      end(await callSession(api, sessionId, origin, request, io));
    });
  };
  const reply = api
    .lines({ method: 'POST', path: `/api/sessions/${encodeURIComponent(sessionId)}/calls`, lines: body, signal: abort.signal }, (value) => {
      if (gone !== undefined) return;
      const head = sent();
      if (!head) throw new ApiError(200, 'MCPSCOPE_CLI_BAD_REPLY', 'an answer to no call in the reply to POST …/calls');
      const result = callLineEnd(value, head.method, io);
      if (result) end(result);
    })
    .then(
      () => (sent() ? new UnreachableError(api.ui.url, 'the reply ended before the calls did') : undefined),
      (err: unknown) => err,
    )
    .then((err) => {
      if (err === undefined || gone !== undefined) return;
      if (noCallsRoute(err)) {
        oneByOne = Promise.resolve();
        body.destroy(); // a line waiting for room in the request goes on (the loop sends it alone)
        for (const entry of queue) if (!('answer' in entry)) alone(entry);
        return;
      }
      broken = { kind: 'failure', error: err };
      while (sent() && gone === undefined) end(broken);
    });
  let lineNo = 0;
  const local = (answer: Answer): void => {
    queue.push({ answer });
    flush();
  };
  const input = linesOf(io.stdin ?? process.stdin)[Symbol.asyncIterator]();
  for (;;) {
    // An input that stays open (a loop that waits for each answer) is not waited on once the session is gone.
    const next = await Promise.race([input.next(), stopped]);
    if (!next || next.done || gone !== undefined) break;
    const text = next.value;
    lineNo++;
    if (text === undefined) {
      local({
        id: null,
        mcpscope: {
          code: 'MCPSCOPE_CLI_BAD_LINE',
          message: `line ${lineNo} is longer than ${MAX_LINE_CHARS} characters`,
          exitCode: ExitCode.Usage,
        },
      });
      continue;
    }
    if (text.trim() === '') continue;
    const request = requestOf(text, lineNo);
    if ('bad' in request) {
      local({ id: request.id, mcpscope: { code: 'MCPSCOPE_CLI_BAD_LINE', message: request.bad, exitCode: ExitCode.Usage } });
      continue;
    }
    const { id, method, params } = request;
    const origin = cleanOriginReason(`cli: call ${method}`) ?? 'cli: call';
    const line: CallLine = { ...common, method, ...(params === undefined ? {} : { params }), origin };
    const entry: Sent = { id, method, line };
    queue.push(entry);
    if (broken) {
      end(broken);
      continue;
    }
    if (oneByOne) {
      alone(entry);
      // Input that is all there is read no further ahead than this (as the request's buffer holds it back).
      if (queue.length >= MAX_AHEAD) await oneByOne;
      continue;
    }
    if (!body.write(`${JSON.stringify(line)}\n`)) {
      const done = new AbortController(); // the listener of the event that did not come goes too
      await Promise.race([once(body, 'drain', done), once(body, 'close', done)]).finally(() => done.abort());
    }
  }
  body.end();
  await reply;
  await oneByOne;
  return gone ?? ExitCode.Ok;
}
