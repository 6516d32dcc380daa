import { setOwn } from '@mcpscope/protocol';
import { argumentsFor } from './args-from-schema.js';

type Schema = { type?: unknown; properties?: unknown; required?: unknown; additionalProperties?: unknown };

/** A value of another JSON type than `type` (undefined when the type is unknown). */
function wrongValueFor(type: unknown): unknown {
  switch (Array.isArray(type) ? undefined : type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}

/**
 * Arguments that break a tool's inputSchema, to see how the server reports an input validation
 * error (SEP-1303: a tool result with isError: true). In order of preference: a required
 * property left out, a property of the wrong type, an unknown property where none is allowed.
 * Undefined when the schema accepts any object.
 */
export function invalidArgumentsFor(inputSchema: unknown): { args: Record<string, unknown>; what: string } | undefined {
  const schema = (inputSchema !== null && typeof inputSchema === 'object' ? inputSchema : {}) as Schema;
  const valid = argumentsFor(schema);
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  if (required.length > 0) {
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(valid)) if (k !== required[0]) setOwn(args, k, v);
    return { args, what: `required "${required[0]}" left out` };
  }
  const props = schema.properties !== null && typeof schema.properties === 'object' ? (schema.properties as Record<string, unknown>) : {};
  for (const [key, prop] of Object.entries(props)) {
    const wrong = wrongValueFor((prop as Schema | null)?.type);
    if (wrong === undefined) continue;
    const args = { ...valid };
    setOwn(args, key, wrong);
    return { args, what: `"${key}" given ${JSON.stringify(wrong)}, not of type ${String((prop as Schema).type)}` };
  }
  if (schema.additionalProperties === false) return { args: { mcpscope_unexpected_argument: 1 }, what: 'an argument the schema does not allow' };
  return undefined;
}
