import { isRecord } from '@mcpscope/protocol';
/**
 * Form-mode elicitation (spec client/elicitation "Requested Schema"): the restricted JSON
 * Schema — a flat object of string (format email/uri/date/date-time, min/maxLength),
 * number/integer (minimum/maximum), boolean, single-select enum (`enum`, `oneOf` with titles,
 * legacy `enumNames`) and multi-select arrays (`items.enum` / `items.anyOf`) — turned into
 * form fields, with defaults, and the user's values checked against it before sending
 * ("Clients SHOULD validate all responses against the provided schema").
 */
export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  title: string;
  description?: string;
  required: boolean;
}

export type ElicitField =
  | (FieldBase & {
      kind: 'string';
      format?: 'email' | 'uri' | 'date' | 'date-time';
      minLength?: number;
      maxLength?: number;
      default?: string;
    })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: Option[]; default?: string })
  | (FieldBase & { kind: 'multiselect'; options: Option[]; minItems?: number; maxItems?: number; default?: string[] })
  | (FieldBase & { kind: 'unsupported'; schema: unknown; reason: string });

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

function titledOptions(list: unknown): Option[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.filter(isRecord).map((o) => ({ value: String(o.const), label: str(o.title) ?? String(o.const) }));
}

function enumOptions(values: unknown, names?: unknown): Option[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const labels = Array.isArray(names) ? names : [];
  return values.map((v, i) => ({ value: String(v), label: typeof labels[i] === 'string' ? labels[i] : String(v) }));
}

function readField(name: string, s: unknown, required: boolean): ElicitField {
  const schema = isRecord(s) ? s : {};
  const base = { name, title: str(schema.title) ?? name, description: str(schema.description), required };
  const unsupported = (reason: string): ElicitField => ({ ...base, kind: 'unsupported', schema: s, reason });
  switch (schema.type) {
    case 'string': {
      const options = titledOptions(schema.oneOf) ?? titledOptions(schema.anyOf) ?? enumOptions(schema.enum, schema.enumNames);
      if (options) return { ...base, kind: 'select', options, default: str(schema.default) };
      const format = str(schema.format);
      if (format !== undefined && !FORMATS.has(format)) return unsupported(`format "${format}" is not one the spec allows`);
      return {
        ...base,
        kind: 'string',
        format: format as 'email' | undefined,
        minLength: num(schema.minLength),
        maxLength: num(schema.maxLength),
        default: str(schema.default),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: schema.type === 'integer',
        minimum: num(schema.minimum),
        maximum: num(schema.maximum),
        default: num(schema.default),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', default: typeof schema.default === 'boolean' ? schema.default : undefined };
    case 'array': {
      const items = isRecord(schema.items) ? schema.items : {};
      const options = titledOptions(items.anyOf) ?? titledOptions(items.oneOf) ?? enumOptions(items.enum);
      if (!options) return unsupported('arrays are only allowed as multi-select enums');
      const def = Array.isArray(schema.default) ? schema.default.map(String) : undefined;
      return { ...base, kind: 'multiselect', options, minItems: num(schema.minItems), maxItems: num(schema.maxItems), default: def };
    }
    default:
      return unsupported(`type ${JSON.stringify(schema.type)} is not a primitive the spec allows`);
  }
}

export function readRequestedSchema(schema: unknown): { fields: ElicitField[]; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(schema)) return { fields: [], problems: ['requestedSchema is missing or not an object'] };
  if (schema.type !== 'object') problems.push(`requestedSchema.type must be "object", got ${JSON.stringify(schema.type)}`);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const props = isRecord(schema.properties) ? schema.properties : {};
  const fields = Object.entries(props).map(([name, s]) => readField(name, s, required.has(name)));
  for (const f of fields) if (f.kind === 'unsupported') problems.push(`${f.name}: ${f.reason}`);
  for (const r of required) if (!(r in props)) problems.push(`required lists "${r}", which is not a property`);
  return { fields, problems };
}

/**
 * Field names are the server's (requestedSchema's property names): a name like `__proto__` must be
 * an own key of the form's records, never the prototype's setter or getter.
 */
export function ownValue<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function setOwn(record: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The form's starting values: defaults where given (spec: clients SHOULD pre-populate them). */
export function initialValues(fields: ElicitField[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'boolean') setOwn(values, f.name, f.default ?? false);
    else if (f.kind === 'multiselect') setOwn(values, f.name, f.default ?? []);
    else if (f.kind === 'number') setOwn(values, f.name, f.default === undefined ? '' : String(f.default));
    else if (f.kind === 'string' || f.kind === 'select') setOwn(values, f.name, f.default === undefined ? '' : toInputValue(f, f.default));
    else setOwn(values, f.name, '');
  }
  return values;
}

/** `<input type="datetime-local">` wants "YYYY-MM-DDTHH:mm"; a default in RFC 3339 is shown in local time. */
function toInputValue(f: ElicitField, v: string): string {
  if (f.kind !== 'string' || f.format !== 'date-time') return v;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkString(f: Extract<ElicitField, { kind: 'string' }>, v: string): { value?: string; error?: string } {
  const len = [...v].length;
  if (f.minLength !== undefined && len < f.minLength) return { error: `At least ${f.minLength} characters` };
  if (f.maxLength !== undefined && len > f.maxLength) return { error: `At most ${f.maxLength} characters` };
  if (f.format === 'email' && !EMAIL.test(v)) return { error: 'Not an email address' };
  if (f.format === 'uri') {
    try {
      new URL(v);
    } catch {
      return { error: 'Not an absolute URI (e.g. https://example.com)' };
    }
  }
  if (f.format === 'date') {
    const m = DATE.exec(v);
    const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
    if (!m || !d || d.getUTCDate() !== +m[3]) return { error: 'Not a date (YYYY-MM-DD)' };
  }
  if (f.format === 'date-time') {
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) return { error: 'Not a date and time' };
    return { value: d.toISOString() }; // RFC 3339 with a time zone, as format date-time requires
  }
  return { value: v };
}

function checkField(f: ElicitField, raw: FieldValue | undefined): { value?: unknown; error?: string } {
  if (f.kind === 'boolean') return { value: raw === true };
  if (f.kind === 'multiselect') {
    const list = Array.isArray(raw) ? raw : [];
    if (list.length === 0 && !f.required && !f.minItems) return {};
    if (f.minItems !== undefined && list.length < f.minItems) return { error: `Choose at least ${f.minItems}` };
    if (f.maxItems !== undefined && list.length > f.maxItems) return { error: `Choose at most ${f.maxItems}` };
    if (f.required && list.length === 0) return { error: 'Required' };
    return { value: list };
  }
  const v = typeof raw === 'string' ? raw : '';
  if (v.trim() === '') return f.required ? { error: 'Required' } : {};
  switch (f.kind) {
    case 'number': {
      const n = Number(v);
      if (!Number.isFinite(n)) return { error: 'Not a number' };
      if (f.integer && !Number.isInteger(n)) return { error: 'Must be a whole number' };
      if (f.minimum !== undefined && n < f.minimum) return { error: `At least ${f.minimum}` };
      if (f.maximum !== undefined && n > f.maximum) return { error: `At most ${f.maximum}` };
      return { value: n };
    }
    case 'select':
      return f.options.some((o) => o.value === v) ? { value: v } : { error: 'Not one of the choices' };
    case 'string':
      return checkString(f, v);
    default:
      return { error: 'This field cannot be filled in (unsupported schema)' };
  }
}

/** The `content` of an accept, or the errors per field. Empty optional fields are left out. */
export function buildContent(
  fields: ElicitField[],
  values: FormValues,
): { content: Record<string, unknown>; errors: Record<string, string> } {
  const content: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const r = checkField(f, ownValue(values, f.name));
    if (r.error) setOwn(errors, f.name, r.error);
    else if (r.value !== undefined) setOwn(content, f.name, r.value);
  }
  return { content, errors };
}
