import { Buffer } from 'node:buffer';
import { MAX_JSON_DEPTH, appMessageRefusedFinding, valueTooDeep, type Finding, type JsonRpcMessage } from '@mcpscope/protocol';

/** The largest app message kept as a message (serialized, UTF-8 bytes), like the proxy's body cap. */
export const MAX_APP_MESSAGE_BYTES = 4 * 1024 * 1024;

/** An app-channel message as the session keeps it: a clean JSON copy, or text with the reason. */
export type AppMessageFrame = { msg: JsonRpcMessage; size: number } | { raw: string; size: number; finding: Finding };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** JSON text of a value, or undefined when it has none (undefined, a function, a cycle, a BigInt, too deep for the stack). */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) as string | undefined;
  } catch {
    return undefined;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object that is not plain JSON' : `a ${typeof value}`;
}

function refused(text: string, detail: string): AppMessageFrame {
  return { raw: text, size: Buffer.byteLength(text, 'utf8'), finding: appMessageRefusedFinding(detail) };
}

/**
 * One message an MCP App view exchanged with mcpscope (untrusted: the app's data, relayed by
 * the web). A plain JSON object within the limits becomes a message, copied through its JSON
 * text (a `__proto__` key stays an own property, nothing the app sent is shared); anything else
 * becomes text with an `app-message-refused` finding. Never throws.
 */
export function appMessageFrame(value: unknown): AppMessageFrame {
  if (!isPlainObject(value)) {
    const text = typeof value === 'string' ? value : (jsonText(value) ?? String(value));
    return refused(text, `it is ${kindOf(value)}, not a JSON object`);
  }
  if (valueTooDeep(value)) {
    return refused(jsonText(value) ?? '[not kept: too deep to write as text]', `it nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  const text = jsonText(value);
  if (text === undefined)
    return refused('[not kept: not serializable as JSON]', 'it cannot be written as JSON (a cycle or a value JSON has not)');
  const size = Buffer.byteLength(text, 'utf8');
  if (size > MAX_APP_MESSAGE_BYTES) return refused(text, `it is ${size} bytes, over mcpscope's cap of ${MAX_APP_MESSAGE_BYTES} bytes`);
  return { msg: JSON.parse(text) as JsonRpcMessage, size };
}
