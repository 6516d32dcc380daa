import type { FieldSpec } from './schemaForm';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A starting value for a field: its default, else a blank of its kind (for array items and variants). */
export function blankValue(spec: FieldSpec): unknown {
  if (spec.hasDefault) return structuredClone(spec.default);
  switch (spec.kind) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'const':
      return spec.constValue;
    case 'enum':
      return spec.enumValues?.[0] ?? null;
    case 'array':
      return [];
    case 'object':
      return initialObject(spec, true);
    case 'variants':
      return spec.variants?.[0] ? blankValue(spec.variants[0].spec) : null;
    default:
      return null;
  }
}

/**
 * The arguments a freshly selected tool starts with: declared defaults (recursively inside
 * required objects) and required consts. Nothing is invented for other fields: a required
 * field without a default stays missing, and validation says so.
 */
export function initialObject(spec: FieldSpec, all = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of spec.properties ?? []) {
    if (p.spec.hasDefault) out[p.name] = structuredClone(p.spec.default);
    else if (p.spec.kind === 'const' && (p.required || all)) out[p.name] = p.spec.constValue;
    else if (p.spec.kind === 'object' && p.required) out[p.name] = initialObject(p.spec, all);
    else if (all && p.required) out[p.name] = blankValue(p.spec);
  }
  return out;
}

/** Which variant a value belongs to: the first whose kind and discriminating consts fit. */
export function matchVariant(spec: FieldSpec, value: unknown): number {
  const variants = spec.variants ?? [];
  if (value === undefined) return -1;
  const fits = (s: FieldSpec): boolean => {
    switch (s.kind) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number';
      case 'integer':
        return Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'const':
        return JSON.stringify(value) === JSON.stringify(s.constValue);
      case 'enum':
        return (s.enumValues ?? []).some((e) => JSON.stringify(e) === JSON.stringify(value));
      case 'array':
        return Array.isArray(value);
      case 'object': {
        if (!isObject(value)) return false;
        return (s.properties ?? []).every((p) => {
          const v = value[p.name];
          if (p.spec.kind === 'const') return JSON.stringify(v) === JSON.stringify(p.spec.constValue);
          return !p.required || v !== undefined;
        });
      }
      default:
        return true;
    }
  };
  const index = variants.findIndex((v) => fits(v.spec));
  return index;
}
