import { isRecord, ownValue, type JsonRpcMessage } from '@mcpscope/protocol';
import { redact, redactString, safeStringify, type SecretValues } from '@mcpscope/trace';
import * as C from './semconv.js';

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

/** What the attributes of a session's spans may hold. */
export interface AttributeRules {
  /**
   * Tool arguments and results (`gen_ai.tool.call.arguments` / `.result`, Opt-In in the
   * conventions): only when the user asked for them. Redacted like a trace, and capped.
   */
  includeContent: boolean;
  /** The session's own secrets, replaced by value wherever they occur (always, even with --no-redact). */
  secrets?: SecretValues;
}

/** How long an attribute string may be (a JSON argument list, a resource URI, an error message). */
export const MAX_ATTRIBUTE_TEXT = 8 * 1024;
/** A span name's target (a tool or prompt name). */
const MAX_TARGET = 128;

/**
 * Text no redaction rule can match and with nothing to drop (a method, an id, a tool name): as it
 * is. No `=` (query secrets), no `"` (JSON secrets), not `bearer`, no control characters.
 */
const PLAIN = /^[A-Za-z0-9_./:@ -]{0,128}$/;

/** Server- or user-provided text as an attribute: credentials scrubbed, control characters dropped, capped. */
export function cleanText(text: string, rules: AttributeRules, max = MAX_ATTRIBUTE_TEXT): string {
  if (
    text.length <= max &&
    PLAIN.test(text) &&
    !/bearer/i.test(text) &&
    (!rules.secrets || rules.secrets.isEmpty || !rules.secrets.mayOccurIn(text))
  )
    return text;
  const clean = redactString(text, rules.secrets).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function json(value: unknown, rules: AttributeRules): string {
  const text = safeStringify(redact(value, { secrets: rules.secrets })) ?? 'null';
  return text.length > MAX_ATTRIBUTE_TEXT ? `${text.slice(0, MAX_ATTRIBUTE_TEXT)}…` : text;
}

const params = (msg: JsonRpcMessage): Record<string, unknown> | undefined => {
  const p = ownValue(msg, 'params');
  return isRecord(p) ? p : undefined;
};

/** `{mcp.method.name} {target}`, the target a tool's or prompt's name ("Span name SHOULD follow the format"). */
export function spanName(method: string, msg: JsonRpcMessage, rules: AttributeRules): { name: string; target?: string } {
  const p = params(msg);
  const raw = method === 'tools/call' || method === 'prompts/get' ? ownValue(p ?? {}, 'name') : undefined;
  if (typeof raw !== 'string' || raw === '') return { name: cleanText(method, rules, MAX_TARGET) };
  const target = cleanText(raw, rules, MAX_TARGET);
  return { name: `${cleanText(method, rules, MAX_TARGET)} ${target}`, target };
}

/**
 * The attributes a request or notification brings by itself (its method, id, target, resource),
 * per the conventions' Client and Server span tables.
 */
export function messageAttributes(method: string, msg: JsonRpcMessage, rules: AttributeRules): Attributes {
  const out: Attributes = { [C.ATTR_MCP_METHOD_NAME]: cleanText(method, rules, MAX_TARGET) };
  const id = ownValue(msg, 'id');
  // "SHOULD NOT capture this attribute when the `id` is `null` or omitted."
  if (typeof id === 'string' || typeof id === 'number') out[C.ATTR_JSONRPC_REQUEST_ID] = cleanText(String(id), rules, MAX_TARGET);
  const version = ownValue(msg, 'jsonrpc');
  if (version !== '2.0')
    out[C.ATTR_JSONRPC_PROTOCOL_VERSION] = typeof version === 'string' ? cleanText(version, rules, 16) : String(version);
  const p = params(msg) ?? {};
  const name = ownValue(p, 'name');
  if (method === 'tools/call' && typeof name === 'string') {
    out[C.ATTR_GEN_AI_TOOL_NAME] = cleanText(name, rules, MAX_TARGET);
    out[C.ATTR_GEN_AI_OPERATION_NAME] = C.EXECUTE_TOOL;
    if (rules.includeContent && Object.hasOwn(p, 'arguments')) out[C.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS] = json(p.arguments, rules);
  }
  if (method === 'prompts/get' && typeof name === 'string') out[C.ATTR_GEN_AI_PROMPT_NAME] = cleanText(name, rules, MAX_TARGET);
  const uri = ownValue(p, 'uri');
  if (typeof uri === 'string' && RESOURCE_METHODS.has(method)) out[C.ATTR_MCP_RESOURCE_URI] = cleanText(uri, rules);
  return out;
}

/** "requests or notifications: `resources/read`, `resources/subscribe`, `resources/unsubscribe`, or `notifications/resources/updated`". */
const RESOURCE_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated']);

export interface Outcome {
  attributes: Attributes;
  error?: { type: string; message?: string };
}

/**
 * What an answer adds: for a JSON-RPC error, `error.type` and `rpc.response.status_code` (the code)
 * and the status description (its message); for a tools/call result with `isError: true`,
 * `error.type` `tool_error`; the opted-in result of a tool.
 */
export function answerOutcome(method: string, answer: JsonRpcMessage, rules: AttributeRules): Outcome {
  const error = ownValue(answer, 'error');
  if (error !== undefined) {
    const code = isRecord(error) ? ownValue(error, 'code') : undefined;
    const message = isRecord(error) ? ownValue(error, 'message') : undefined;
    const type = typeof code === 'number' && Number.isInteger(code) ? String(code) : C.ERROR_TYPES.other;
    return {
      attributes: { [C.ATTR_ERROR_TYPE]: type, ...(typeof code === 'number' ? { [C.ATTR_RPC_RESPONSE_STATUS_CODE]: type } : {}) },
      error: { type, ...(typeof message === 'string' ? { message: cleanText(message, rules, 1024) } : {}) },
    };
  }
  const result = ownValue(answer, 'result');
  const attributes: Attributes = {};
  if (method === 'tools/call' && rules.includeContent && result !== undefined)
    attributes[C.ATTR_GEN_AI_TOOL_CALL_RESULT] = json(result, rules);
  if (method === 'tools/call' && isRecord(result) && ownValue(result, 'isError') === true) {
    attributes[C.ATTR_ERROR_TYPE] = C.ERROR_TYPES.toolError;
    return { attributes, error: { type: C.ERROR_TYPES.toolError } };
  }
  return { attributes };
}

/** The transport's attributes ("Recording MCP transport"): `pipe` for stdio, `tcp` and HTTP for the others. */
export function transportAttributes(transport: 'stdio' | 'http' | 'sse', url: string | undefined, side: 'client' | 'server'): Attributes {
  if (transport === 'stdio') return { [C.ATTR_NETWORK_TRANSPORT]: 'pipe' };
  // Node's fetch (undici) speaks HTTP/1.1 to the server.
  const out: Attributes = {
    [C.ATTR_NETWORK_TRANSPORT]: 'tcp',
    [C.ATTR_NETWORK_PROTOCOL_NAME]: 'http',
    [C.ATTR_NETWORK_PROTOCOL_VERSION]: '1.1',
  };
  if (side === 'client' && url) {
    try {
      const u = new URL(url);
      out[C.ATTR_SERVER_ADDRESS] = u.hostname.replace(/^\[|\]$/g, '');
      out[C.ATTR_SERVER_PORT] = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    } catch {
      /* not a URL: no address */
    }
  }
  return out;
}
