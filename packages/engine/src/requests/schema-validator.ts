import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SchemaValidator } from '@mcpscope/protocol/lint';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

/** How a validator's answer starts when the schema did not compile (no claim about the value). */
export const SCHEMA_INVALID = 'the schema itself is invalid';

/** The ajv dialect for a schema's `$schema`: 2020-12 by default (2025-11-25/basic/index#json-schema-usage). */
function dialectOf(schema: unknown): 'draft-07' | '2019-09' | '2020-12' {
  const declared = (schema as { $schema?: unknown } | null)?.$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[4-7]/.test(declared)) return 'draft-07';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * JSON Schema validation (ajv) for the linter, e.g. structuredContent against a tool's
 * outputSchema (2025-11-25/server/tools#output-schema). Compiled validators are kept per
 * schema text; a schema that does not compile is reported, not thrown.
 */
export function createSchemaValidator(maxCached = 256): SchemaValidator {
  const make = <T extends AnyAjv>(ajv: T): T => {
    (addFormats as unknown as (a: AnyAjv) => void)(ajv);
    return ajv;
  };
  const options = { allErrors: true, strict: false, validateFormats: true } as const;
  // Each instance compiles its meta-schemas when made: made on the first schema of its dialect,
  // not with every session (most sessions validate nothing, e.g. `call tools/list`).
  const makers = { 'draft-07': () => new Ajv(options), '2019-09': () => new Ajv2019(options), '2020-12': () => new Ajv2020(options) };
  const dialects: Partial<Record<keyof typeof makers, AnyAjv>> = {};
  const dialect = (name: keyof typeof makers): AnyAjv => (dialects[name] ??= make(makers[name]()));
  const cache = new Map<string, ReturnType<Ajv['compile']> | string>();
  return (schema, value) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (validate === undefined) {
      try {
        validate = dialect(dialectOf(schema)).compile(schema as object);
      } catch (err) {
        validate = `${SCHEMA_INVALID}: ${(err as Error).message}`;
      }
      if (cache.size >= maxCached) cache.delete(cache.keys().next().value as string);
      cache.set(key, validate);
    }
    if (typeof validate === 'string') return [validate];
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  };
}

let shared: SchemaValidator | undefined;

/** One validator (and schema cache) for every session of the process. */
export function sharedSchemaValidator(): SchemaValidator {
  return (shared ??= createSchemaValidator());
}
