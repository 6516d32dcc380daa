import type { AnswerServerRequestBody } from '@mcpscope/wire';

/** A starting result for the server→client requests of the spec (client features). */
export function defaultResult(method: string, params: unknown): Record<string, unknown> {
  switch (method) {
    case 'roots/list':
      return { roots: [] };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: '' }, model: 'mcpscope-manual', stopReason: 'endTurn' };
    case 'elicitation/create': {
      const schema = (params as { requestedSchema?: { properties?: Record<string, unknown> } } | null)?.requestedSchema;
      const content = Object.fromEntries(Object.keys(schema?.properties ?? {}).map((k) => [k, '']));
      return { action: 'accept', content };
    }
    default:
      return {};
  }
}

export type AnswerDraft = { ok: true; body: AnswerServerRequestBody } | { ok: false; error: string };

/** Parses the result editor; a result must be a JSON object (JSON-RPC 2.0 §5 allows any, MCP results are objects). */
export function parseResult(text: string): AnswerDraft {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Invalid JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'The result must be a JSON object' };
  return { ok: true, body: { result: value as Record<string, unknown> } };
}

export function parseErrorAnswer(code: string, message: string, data: string): AnswerDraft {
  const n = Number(code);
  if (!Number.isInteger(n)) return { ok: false, error: 'The error code must be an integer' };
  if (!message.trim()) return { ok: false, error: 'The error needs a message' };
  let parsedData: unknown;
  if (data.trim()) {
    try {
      parsedData = JSON.parse(data);
    } catch (err) {
      return { ok: false, error: `Invalid JSON in data: ${(err as Error).message}` };
    }
  }
  return { ok: true, body: { error: { code: n, message, ...(parsedData === undefined ? {} : { data: parsedData }) } } };
}

/** The proxy keys requests by `idKey` ("n:3" for the number 3, "s:abc" for the string "abc"). */
export function displayRequestId(requestId: string): string {
  if (requestId.startsWith('n:')) return requestId.slice(2);
  if (requestId.startsWith('s:')) return JSON.stringify(requestId.slice(2));
  return requestId;
}
