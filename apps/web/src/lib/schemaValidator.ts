import type { SchemaDraft } from '@cfworker/json-schema';

/**
 * JSON Schema validation of values the user or a server produced (tool arguments, structured
 * output, elicitation answers). Schemas come from the server, i.e. they are untrusted input:
 * the validator interprets them (@cfworker/json-schema, the one the MCP SDK ships for
 * runtimes without eval) instead of compiling them to code like ajv does — the page's CSP
 * forbids eval, and code generated from a hostile schema should not run next to the token.
 * Dialect: `$schema` or 2020-12 by default (spec 2026-07-28 basic#json-schema-usage); an
 * unresolvable `$ref` (never fetched: basic#ref-resolution) makes the schema unusable, which
 * is reported rather than treated as "anything goes".
 */
export interface SchemaIssue {
  /** Instance path segments, e.g. ['size', 'width'] or ['tags', '0']. */
  path: string[];
  keyword: string;
  message: string;
}

export type SchemaCheck =
  | { status: 'valid' }
  | { status: 'invalid'; issues: SchemaIssue[] }
  /** The schema itself cannot be used: unknown dialect, unresolved $ref, not a schema. */
  | { status: 'unusable'; reason: string };

export type ValidateFn = (schema: unknown, value: unknown) => SchemaCheck;

const DIALECTS: Array<[RegExp, SchemaDraft]> = [
  [/json-schema\.org\/draft\/2020-12\/schema/, '2020-12'],
  [/json-schema\.org\/draft\/2019-09\/schema/, '2019-09'],
  [/json-schema\.org\/draft-0[67]\/schema/, '7'],
  [/json-schema\.org\/draft-04\/schema/, '4'],
];

export function dialectOf(schema: unknown): SchemaDraft | { unsupported: string } {
  const declared = schema !== null && typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return { unsupported: String(declared) };
  return DIALECTS.find(([re]) => re.test(declared))?.[1] ?? { unsupported: declared };
}

/** Subschema errors below a combinator that matched nothing are noise: keep the summary. */
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf']);

/** Keeps the most specific errors: a wrapper ("property x does not match") goes when its cause is listed. */
export function leafIssues(
  errors: Array<{ keyword: string; keywordLocation: string; instanceLocation: string; error: string }>,
): SchemaIssue[] {
  const summaries = errors.filter((e) => SUMMARY_KEYWORDS.has(e.keyword)).map((e) => `${e.keywordLocation}/`);
  const kept = errors.filter((e) => {
    // "False boolean schema" under additionalProperties: false repeats its parent's message.
    if (e.keyword === 'false' && errors.length > 1) return false;
    if (summaries.some((s) => e.keywordLocation.startsWith(s))) return false;
    if (SUMMARY_KEYWORDS.has(e.keyword)) return true;
    const prefix = `${e.keywordLocation}/`;
    return !errors.some((f) => f !== e && f.keywordLocation.startsWith(prefix));
  });
  const seen = new Set<string>();
  return kept
    .map((e) => ({ path: pointerToPath(e.instanceLocation), keyword: e.keyword, message: e.error }))
    .filter((i) => {
      const key = `${i.path.join('\u0000')}|${i.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/** "#/a/b~1c/0" → ['a', 'b/c', '0']. */
export function pointerToPath(pointer: string): string[] {
  const p = pointer.replace(/^#/, '');
  if (p === '' || p === '/') return [];
  return p
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

let loading: Promise<ValidateFn> | null = null;

/** Loads the validator (a lazy chunk) once. */
export function loadSchemaValidator(): Promise<ValidateFn> {
  loading ??= import('@cfworker/json-schema').then(({ Validator }) => createValidate(Validator));
  return loading;
}

type ValidatorClass = typeof import('@cfworker/json-schema').Validator;

export function createValidate(ValidatorImpl: ValidatorClass): ValidateFn {
  const cache = new WeakMap<object, InstanceType<ValidatorClass> | { unusable: string }>();
  const compile = (schema: unknown) => {
    if (typeof schema === 'boolean') return new ValidatorImpl(schema as never, '2020-12', false);
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { unusable: 'The schema is not a JSON object' };
    const hit = cache.get(schema);
    if (hit) return hit;
    const dialect = dialectOf(schema);
    let made: InstanceType<ValidatorClass> | { unusable: string };
    if (typeof dialect === 'object') made = { unusable: `Unsupported JSON Schema dialect ${dialect.unsupported}` };
    else {
      try {
        // The library annotates the schema it is given; give it a copy so the tool's stays as sent.
        made = new ValidatorImpl(structuredClone(schema) as never, dialect, false);
        made.validate(null); // surfaces unresolved $refs now, not at the first real value
      } catch (err) {
        made = { unusable: (err as Error).message.split('\n')[0] };
      }
    }
    cache.set(schema, made);
    return made;
  };
  return (schema, value) => {
    const validator = compile(schema);
    if ('unusable' in validator) return { status: 'unusable', reason: validator.unusable };
    try {
      const result = validator.validate(value);
      return result.valid ? { status: 'valid' } : { status: 'invalid', issues: leafIssues(result.errors) };
    } catch (err) {
      return { status: 'unusable', reason: (err as Error).message.split('\n')[0] };
    }
  };
}
