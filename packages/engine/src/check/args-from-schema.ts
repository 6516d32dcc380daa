import { setOwn } from '@mcpscope/protocol';

type Schema = {
  type?: unknown;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: unknown;
  examples?: unknown[];
};

/** A plausible value for one JSON Schema property: its default, const, first enum or example, else by type. */
export function valueFor(schema: Schema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return 'test';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return argumentsFor(schema);
    case 'null':
      return null;
    default:
      return 'test';
  }
}

/** Arguments for a tool call from its inputSchema: every required property, plus those with a default. */
export function argumentsFor(inputSchema: unknown): Record<string, unknown> {
  // The schema is the server's: property names like "__proto__" or "constructor" stay own keys.
  const schema = (inputSchema !== null && typeof inputSchema === 'object' ? inputSchema : {}) as Schema;
  const props = schema.properties !== null && typeof schema.properties === 'object' ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(props)) {
    if (required.has(key) || (prop && typeof prop === 'object' && prop.default !== undefined)) setOwn(out, key, valueFor(prop));
  }
  for (const key of required) if (!Object.hasOwn(out, key)) setOwn(out, key, 'test');
  return out;
}
