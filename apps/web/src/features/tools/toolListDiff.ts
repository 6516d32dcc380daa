/**
 * What changed between two tool lists: the "rug pull" check. A tool whose description,
 * schemas or annotations changed after the user looked at it is exactly what a malicious or
 * buggy server would do, so every such change is listed, field by field.
 * Key order inside a schema is not a change (JSON objects are unordered); anything else is.
 */
export interface ToolLike {
  name: string;
  raw: Record<string, unknown>;
}

export const WATCHED_FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'icons',
  'execution',
  '_meta',
] as const;
export type WatchedField = (typeof WATCHED_FIELDS)[number];

export interface ToolChange {
  name: string;
  fields: WatchedField[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface ToolListDiff {
  added: string[];
  removed: string[];
  changed: ToolChange[];
}

/** JSON with object keys sorted, for order-insensitive comparison. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }) ?? 'undefined'
  );
}

export function diffToolLists(before: readonly ToolLike[], after: readonly ToolLike[]): ToolListDiff {
  const old = new Map(before.map((t) => [t.name, t]));
  const next = new Map(after.map((t) => [t.name, t]));
  const added = after.filter((t) => !old.has(t.name)).map((t) => t.name);
  const removed = before.filter((t) => !next.has(t.name)).map((t) => t.name);
  const changed: ToolChange[] = [];
  for (const t of after) {
    const prev = old.get(t.name);
    if (!prev) continue;
    const fields = WATCHED_FIELDS.filter((f) => canonicalJson(prev.raw[f]) !== canonicalJson(t.raw[f]));
    // Any other top-level field the spec may add later counts too.
    const otherKeys = new Set(
      [...Object.keys(prev.raw), ...Object.keys(t.raw)].filter((k) => k !== 'name' && !(WATCHED_FIELDS as readonly string[]).includes(k)),
    );
    const otherChanged = [...otherKeys].some((k) => canonicalJson(prev.raw[k]) !== canonicalJson(t.raw[k]));
    if (fields.length > 0 || otherChanged) changed.push({ name: t.name, fields, before: prev.raw, after: t.raw });
  }
  return { added, removed, changed };
}

export function isEmptyDiff(d: ToolListDiff): boolean {
  return d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
}

/** "2 added, 1 removed, 1 changed". */
export function summarizeDiff(d: ToolListDiff): string {
  const parts = [
    d.added.length > 0 && `${d.added.length} added`,
    d.removed.length > 0 && `${d.removed.length} removed`,
    d.changed.length > 0 && `${d.changed.length} changed`,
  ].filter(Boolean);
  return parts.join(', ') || 'no change';
}
