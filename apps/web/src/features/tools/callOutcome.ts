import { ApiRequestError } from '../../lib/api';
import type { RequestReply } from '../../lib/workbenchApi';

/**
 * The outcome of a tools/call, in the words the UI uses. Two error families are kept apart
 * (spec server/tools#error-handling): a tool execution error is a *result* with
 * `isError: true`; a protocol error is a JSON-RPC error response. Neither is a proxy failure.
 */
export type CallSettled =
  | { outcome: 'result' | 'is-error'; result: Record<string, unknown>; latencyMs: number }
  | { outcome: 'rpc-error'; error: { code: number; message: string; data?: unknown }; latencyMs: number }
  | { outcome: 'cancelled'; latencyMs: number }
  | { outcome: 'timeout'; message: string; latencyMs: number }
  /** The server answered, but mcpscope refused the answer at its boundary (too deep, too large): the server's fault. */
  | { outcome: 'refused'; message: string; latencyMs: number }
  | { outcome: 'failed'; message: string; code: string; latencyMs: number };

export function settleReply(reply: RequestReply): CallSettled {
  switch (reply.outcome) {
    case 'result':
      return { outcome: reply.result.isError === true ? 'is-error' : 'result', result: reply.result, latencyMs: reply.latencyMs };
    case 'error':
      return { outcome: 'rpc-error', error: reply.error, latencyMs: reply.latencyMs };
    case 'cancelled':
      return { outcome: 'cancelled', latencyMs: reply.latencyMs };
  }
}

export function settleFailure(err: unknown, latencyMs: number): CallSettled {
  if (err instanceof ApiRequestError && (err.code === 'MCPSCOPE_ERR_TIMEOUT' || err.status === 504)) {
    return { outcome: 'timeout', message: err.message, latencyMs };
  }
  if (err instanceof ApiRequestError && err.code === 'MCPSCOPE_ERR_SERVER_ANSWER_REFUSED')
    return { outcome: 'refused', message: err.message, latencyMs };
  const code = err instanceof ApiRequestError ? err.code : 'error';
  return { outcome: 'failed', message: err instanceof Error ? err.message : String(err), code, latencyMs };
}

/** Well-known JSON-RPC codes, named in the error banner. */
const RPC_CODES: Record<number, string> = {
  [-32700]: 'parse error',
  [-32600]: 'invalid request',
  [-32601]: 'method not found',
  [-32602]: 'invalid params',
  [-32603]: 'internal error',
  [-32001]: 'request timeout',
  [-32002]: 'resource not found',
  [-32042]: 'URL elicitation required',
};

export function rpcCodeName(code: number): string | undefined {
  return RPC_CODES[code] ?? (code <= -32000 && code >= -32099 ? 'server error' : undefined);
}

/** One line for the history list. */
export function summarize(s: CallSettled): string {
  switch (s.outcome) {
    case 'result':
    case 'is-error': {
      const content = Array.isArray(s.result.content) ? s.result.content : [];
      const first = content.find(
        (c): c is { type: 'text'; text: string } =>
          !!c && typeof c === 'object' && (c as { type?: unknown }).type === 'text' && typeof (c as { text?: unknown }).text === 'string',
      );
      const kinds = content.map((c) => String((c as { type?: unknown })?.type ?? '?'));
      return (first?.text.split('\n')[0].slice(0, 120) ?? '') || (kinds.length ? kinds.join(', ') : 'empty result');
    }
    case 'rpc-error':
      return `${s.error.code} ${s.error.message}`.slice(0, 160);
    case 'cancelled':
      return 'cancelled';
    case 'timeout':
    case 'refused':
    case 'failed':
      return s.message.slice(0, 160);
  }
}
