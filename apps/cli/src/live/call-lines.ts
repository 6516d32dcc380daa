import { cleanOriginReason } from '@mcpscope/protocol';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { LiveApi } from './api.js';
import { callSession, failureKind, type SessionCallRequest } from './session-call.js';

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

/**
 * `call --session <s> --stdin`: many calls in one process, for loops. Each input line is a
 * request (`{"id"?, "method", "params"?}`; the id is echoed, the line number without one); each
 * answer is one line, in order: `{"id", "result"}` (with `"findings"` when the result breaks the
 * tool's outputSchema), `{"id", "error"}` (the server's JSON-RPC error), or `{"id", "mcpscope":
 * {code, message, exitCode}}` when no answer came (the exit code a single call would have had).
 * Each line is sent as written (no tools/list first). The server's requests and logs go to stderr
 * as for a single call. Exit 0 once the input ends, 2 when the session or mcpscope went away.
 */
export async function runCallLines(
  api: LiveApi,
  sessionId: string,
  common: Omit<SessionCallRequest, 'method'>,
  io: CliIo,
): Promise<ExitCodeValue> {
  const write = (answer: Answer): void => io.stdout(`${JSON.stringify(answer)}\n`);
  let lineNo = 0;
  for await (const text of linesOf(io.stdin ?? process.stdin)) {
    lineNo++;
    if (text === undefined) {
      write({
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
      write({ id: request.id, mcpscope: { code: 'MCPSCOPE_CLI_BAD_LINE', message: request.bad, exitCode: ExitCode.Usage } });
      continue;
    }
    const { id, method, params } = request;
    const origin = cleanOriginReason(`cli: call ${method}`) ?? 'cli: call';
    const end = await callSession(api, sessionId, origin, { ...common, method, ...(params === undefined ? {} : { params }) }, io);
    if (end.kind === 'failure') {
      const { exitCode, code } = failureKind(end.error);
      write({ id, mcpscope: { code, message: (end.error as Error).message, exitCode } });
      if (exitCode === ExitCode.ConnectFailed) return exitCode;
      continue;
    }
    const out = end.outcome;
    if (out.outcome === 'result')
      write({ id, result: out.result, ...(end.schemaFindings?.length ? { findings: end.schemaFindings } : {}) });
    else if (out.outcome === 'error') write({ id, error: out.error });
    else write({ id, mcpscope: { code: 'MCPSCOPE_CLI_CANCELLED', message: `${method} was cancelled`, exitCode: ExitCode.Usage } });
  }
  return ExitCode.Ok;
}
