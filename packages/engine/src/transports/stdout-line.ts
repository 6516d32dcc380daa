import { parseMessageText, type JsonRpcMessage, type ParseFailure } from '@mcpscope/protocol';

/** One stdout line of a stdio server: its messages (one, or each of a batch), or why it is none. */
export type StdoutLine = { messages: JsonRpcMessage[]; batch: boolean } | ParseFailure;

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Parses a line the way the stdio transport reads it (2025-11-25/basic/transports#stdio: one
 * JSON-RPC message per line). A top-level array of objects is a JSON-RPC batch
 * (2025-03-26/basic#batching, dropped in 2025-06-18: an array of requests or notifications,
 * answered with an array of responses): one message per element. The nesting cap applies to
 * the whole line first (parseMessageText). Shared by live sessions, `wrap` and `lint`, so a
 * line is judged the same way in all three.
 */
export function parseStdoutLine(text: string): StdoutLine {
  const parsed = parseMessageText(text);
  if ('msg' in parsed) return { messages: [parsed.msg], batch: false };
  if (parsed.code !== 'not-object' || !text.trimStart().startsWith('[')) return parsed;
  const items = JSON.parse(text) as unknown[];
  if (items.length === 0) return { error: 'an empty JSON array (a batch holds at least one message)', code: 'not-object' };
  if (!items.every(isObject)) return { error: 'a JSON array whose elements are not all JSON-RPC objects', code: 'not-object' };
  return { messages: items as JsonRpcMessage[], batch: true };
}
