/** Starting points for common MCP requests (2025-11-25 spec, server features + utilities). */
export interface MessageTemplate {
  method: string;
  params?: Record<string, unknown>;
  notification?: boolean;
}

export const TEMPLATES: MessageTemplate[] = [
  { method: 'ping' },
  { method: 'tools/list', params: {} },
  { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } },
  { method: 'resources/list', params: {} },
  { method: 'resources/templates/list', params: {} },
  { method: 'resources/read', params: { uri: 'file:///example.txt' } },
  { method: 'resources/subscribe', params: { uri: 'file:///example.txt' } },
  { method: 'prompts/list', params: {} },
  { method: 'prompts/get', params: { name: 'example', arguments: {} } },
  { method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'example' }, argument: { name: 'arg', value: '' } } },
  { method: 'logging/setLevel', params: { level: 'debug' } },
  { method: 'notifications/roots/list_changed', notification: true },
  { method: 'notifications/cancelled', params: { requestId: 1, reason: 'cancelled from mcpscope' }, notification: true },
];

/** The editor text for a template. No `id`: the proxy assigns one that cannot collide. */
export function templateText(t: MessageTemplate): string {
  return JSON.stringify(t.params === undefined ? { method: t.method } : { method: t.method, params: t.params }, null, 2);
}

/** A JSON schema for the editor: completion of method names and the message shape. */
export const MESSAGE_SCHEMA = {
  type: 'object',
  required: ['method'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'], description: 'Optional: the proxy assigns one when absent' },
    method: { type: 'string', examples: TEMPLATES.map((t) => t.method) },
    params: { type: ['object', 'array'] },
  },
};
