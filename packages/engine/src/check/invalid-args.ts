import { setOwn } from '@mcpscope/protocol';
import { argumentsFor } from './args-from-schema.js';

type Schema = { type?: unknown; properties?: unknown; required?: unknown; additionalProperties?: unknown; default?: unknown };

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

export interface InvalidArguments {
  args: Record<string, unknown>;
  what: string;
  /**
   * A server that answers these with success did not validate them: a required property (with
   * no default the server could fill in) left out, or a value of the wrong JSON type. An extra
   * property where the schema forbids one is not: servers commonly strip it, and that is
   * validation of a kind.
   */
  certain: boolean;
}

const hasDefault = (prop: unknown) => prop !== null && typeof prop === 'object' && (prop as Schema).default !== undefined;

/**
 * Arguments that break a tool's inputSchema, to see how the server reports an input validation
 * error (SEP-1303: a tool result with isError: true). In order of preference: a required
 * property left out (one without a default first), a property of the wrong type, an unknown
 * property where none is allowed. Undefined when the schema accepts any object.
 */
export function invalidArgumentsFor(inputSchema: unknown): InvalidArguments | undefined {
  const schema = (inputSchema !== null && typeof inputSchema === 'object' ? inputSchema : {}) as Schema;
  const valid = argumentsFor(schema);
  const props = schema.properties !== null && typeof schema.properties === 'object' ? (schema.properties as Record<string, unknown>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  const leaveOut = (key: string, certain: boolean): InvalidArguments => {
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(valid)) if (k !== key) setOwn(args, k, v);
    return { args, what: `required "${key}" left out`, certain };
  };
  const withoutDefault = required.find((k) => !(Object.hasOwn(props, k) && hasDefault(props[k])));
  if (withoutDefault !== undefined) return leaveOut(withoutDefault, true);
  for (const [key, prop] of Object.entries(props)) {
    const wrong = wrongValueFor((prop as Schema | null)?.type);
    if (wrong === undefined) continue;
    const args = { ...valid };
    setOwn(args, key, wrong);
    return { args, what: `"${key}" given ${JSON.stringify(wrong)}, not of type ${String((prop as Schema).type)}`, certain: true };
  }
  // A required property with a default: a server that fills it in accepts the call (not judged).
  if (required.length > 0) return leaveOut(required[0], false);
  if (schema.additionalProperties === false)
    return { args: { mcpscope_unexpected_argument: 1 }, what: 'an argument the schema does not allow', certain: false };
  return undefined;
}
