/**
 * What the generated form shows for a JSON Schema node (2020-12, the MCP default dialect).
 * Pure: the view renders a FieldSpec, the arguments text holds the values (argsDocument).
 * Anything the form cannot represent (patternProperties, if/then, remote $ref…) becomes a
 * `json` field edited as raw JSON, so nothing is ever hidden or dropped.
 */
export type Schema = Record<string, unknown>;

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'const' | 'null' | 'object' | 'array' | 'variants' | 'json';

export interface FieldSpec {
  kind: FieldKind;
  schema: Schema;
  title?: string;
  description?: string;
  default?: unknown;
  hasDefault: boolean;
  format?: string;
  /** Long text: a textarea by default (x-multiline, a long maxLength, a name like "notes"). */
  multiline: boolean;
  enumValues?: unknown[];
  constValue?: unknown;
  /** object: the declared properties, in schema order. */
  properties?: Array<{ name: string; required: boolean; spec: FieldSpec }>;
  /** object: whether keys beyond `properties` are allowed (they are kept and listed, never dropped). */
  additional?: boolean;
  /** array */
  items?: FieldSpec;
  /** anyOf / oneOf */
  variants?: Array<{ label: string; spec: FieldSpec }>;
  variantKeyword?: 'anyOf' | 'oneOf';
  /** type: [x, 'null'] */
  nullable: boolean;
  /** Why this is a raw JSON field, when it is one. */
  note?: string;
}

const MAX_DEPTH = 12;
const MULTILINE_NAMES = /(^|_|-|\b)(notes?|body|content|text|description|prompt|query|sql|code|script|markdown|html|template|comment)s?$/i;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Resolves a local `#/…` JSON pointer; remote references are never fetched. */
export function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isSchema(node) ? node : undefined;
}

function deref(root: Schema, schema: Schema, seen = new Set<string>()): Schema | { unresolved: string } {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (seen.has(ref)) return { unresolved: `${ref} (circular)` };
  const target = resolveRef(root, ref);
  if (!target) return { unresolved: ref };
  seen.add(ref);
  const { $ref: _, ...rest } = schema;
  const resolved = deref(root, target, seen);
  if ('unresolved' in resolved) return resolved;
  return { ...resolved, ...rest };
}

function mergeAllOf(root: Schema, schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = schema.allOf
    .filter(isSchema)
    .map((s) => deref(root, s))
    .filter((s): s is Schema => !('unresolved' in s));
  const { allOf: _, ...rest } = schema;
  const merged: Schema = { ...rest };
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isSchema(v)) merged.properties = { ...(isSchema(merged.properties) ? merged.properties : {}), ...v };
      else if (k === 'required' && Array.isArray(v)) merged.required = [...(Array.isArray(merged.required) ? merged.required : []), ...v];
      else if (!(k in merged)) merged[k] = v;
    }
  }
  return merged;
}

function primaryType(schema: Schema): { type?: string; nullable: boolean } {
  const t = schema.type;
  if (typeof t === 'string') return { type: t, nullable: false };
  if (Array.isArray(t)) {
    const nonNull = t.filter((x) => x !== 'null');
    return { type: nonNull.length === 1 ? String(nonNull[0]) : nonNull.length === 0 ? 'null' : undefined, nullable: t.includes('null') };
  }
  if (isSchema(schema.properties)) return { type: 'object', nullable: false };
  if (schema.items !== undefined || schema.prefixItems !== undefined) return { type: 'array', nullable: false };
  return { nullable: false };
}

/** What an option is, in words: its title, its discriminating const, else its type (and format, item type or keys). */
function variantLabel(spec: FieldSpec): string {
  const s = spec.schema;
  if (typeof s.title === 'string' && s.title.trim() !== '') return s.title.trim();
  const props = spec.properties ?? [];
  const discriminator = props.find((p) => p.spec.kind === 'const' || (p.spec.kind === 'enum' && p.spec.enumValues?.length === 1));
  if (discriminator) return `${discriminator.name}: ${JSON.stringify(discriminator.spec.constValue ?? discriminator.spec.enumValues?.[0])}`;
  return typeLabel(spec);
}

function typeLabel(spec: FieldSpec): string {
  switch (spec.kind) {
    case 'const':
      return JSON.stringify(spec.constValue);
    case 'enum':
      return `one of ${(spec.enumValues ?? [])
        .slice(0, 4)
        .map((v) => JSON.stringify(v))
        .join(', ')}${(spec.enumValues?.length ?? 0) > 4 ? ', …' : ''}`;
    case 'string':
      return spec.format ? `string (${spec.format})` : 'string';
    case 'array':
      return spec.items ? `list of ${typeLabel(spec.items)}` : 'list';
    case 'object': {
      const keys = (spec.properties ?? []).map((p) => p.name);
      return keys.length ? `object {${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}}` : 'object';
    }
    case 'variants':
      return 'one of several';
    case 'json':
      return 'JSON';
    default:
      return spec.kind;
  }
}

/** Labels for a union's options; two that read the same get their position (`string (2)`) to tell them apart. */
function variantLabels(options: FieldSpec[]): string[] {
  const labels = options.map(variantLabel);
  const count = new Map<string, number>();
  for (const l of labels) count.set(l, (count.get(l) ?? 0) + 1);
  return labels.map((l, i) => (count.get(l)! > 1 ? `${l} (${i + 1})` : l));
}

/** Describes `schema` for the form. `name` helps guess multi-line text ("notes", "query"…). */
export function describeSchema(input: unknown, root: Schema = isSchema(input) ? input : {}, name = '', depth = 0): FieldSpec {
  const base = (kind: FieldKind, schema: Schema, extra: Partial<FieldSpec> = {}): FieldSpec => ({
    kind,
    schema,
    title: typeof schema.title === 'string' ? schema.title : undefined,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    default: schema.default,
    hasDefault: 'default' in schema,
    format: typeof schema.format === 'string' ? schema.format : undefined,
    multiline: false,
    nullable: false,
    ...extra,
  });
  if (input === true || input === undefined) return base('json', {}, { note: 'Any JSON value' });
  if (!isSchema(input)) return base('json', {}, { note: 'Not a schema' });
  if (depth > MAX_DEPTH) return base('json', input, { note: 'Nested too deeply for the form' });
  const resolved = deref(root, input);
  if ('unresolved' in resolved) return base('json', input, { note: `Unresolved $ref ${resolved.unresolved} (never fetched)` });
  const schema = mergeAllOf(root, resolved);

  if ('const' in schema) return base('const', schema, { constValue: schema.const });
  if (Array.isArray(schema.enum)) return base('enum', schema, { enumValues: schema.enum, nullable: schema.enum.includes(null) });

  const union = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (union) {
    const { [union]: list, ...shared } = schema;
    const options = (list as unknown[]).map((v) =>
      describeSchema(isSchema(v) ? { ...shared, ...v, description: undefined, title: (v as Schema).title } : v, root, name, depth + 1),
    );
    const nonNull = options.filter((o) => o.kind !== 'null');
    if (nonNull.length === 1 && options.length === 2)
      return { ...nonNull[0], nullable: true, description: base('json', schema).description ?? nonNull[0].description };
    const labels = variantLabels(options);
    return base('variants', schema, { variants: options.map((spec, i) => ({ label: labels[i]!, spec })), variantKeyword: union });
  }

  const { type, nullable } = primaryType(schema);
  switch (type) {
    case 'string': {
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 0;
      const multiline =
        schema['x-multiline'] === true ||
        schema.format === 'textarea' ||
        maxLength > 200 ||
        MULTILINE_NAMES.test(name) ||
        String(schema.default ?? '').includes('\n');
      return base('string', schema, { multiline, nullable });
    }
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return base(type, schema, { nullable });
    case 'object': {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      const props = isSchema(schema.properties) ? schema.properties : {};
      const properties = Object.entries(props).map(([key, sub]) => ({
        name: key,
        required: required.has(key),
        spec: describeSchema(sub, root, key, depth + 1),
      }));
      const additional = schema.additionalProperties !== false && schema.unevaluatedProperties !== false;
      return base('object', schema, { properties, additional, nullable });
    }
    case 'array': {
      if (schema.prefixItems !== undefined) return base('json', schema, { note: 'Tuple (prefixItems): edit as JSON', nullable });
      return base('array', schema, { items: describeSchema(schema.items ?? true, root, name, depth + 1), nullable });
    }
    default:
      return base('json', schema, { note: type === undefined ? 'Several types allowed: edit as JSON' : `Unknown type ${type}` });
  }
}
