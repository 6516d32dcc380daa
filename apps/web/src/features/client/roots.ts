/**
 * The roots the client exposes (spec client/roots "Root": `uri` MUST be a `file://` URI,
 * `name` optional), edited as rows and checked before they are saved.
 */
export interface Root {
  uri: string;
  name?: string;
}

export interface RootRow {
  id: number;
  uri: string;
  name: string;
}

let nextId = 1;
export const newRow = (root: Partial<Root> = {}): RootRow => ({ id: nextId++, uri: root.uri ?? '', name: root.name ?? '' });

/** A file:// URI for something typed as a path: "/home/me/x" or "C:\\x" (a convenience, never applied silently). */
export function suggestFileUri(input: string): string | null {
  const v = input.trim();
  if (v.startsWith('/')) return `file://${encodeURI(v)}`;
  if (/^[a-zA-Z]:[\\/]/.test(v)) return `file:///${encodeURI(v.replace(/\\/g, '/'))}`;
  return null;
}

export function rootUriError(uri: string): string | null {
  const v = uri.trim();
  if (!v) return 'A root needs a URI';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'Not a URI';
  }
  if (url.protocol !== 'file:') return `Roots MUST be file:// URIs (this is ${url.protocol}//)`;
  return null;
}

/** The roots to save, or the error of each row that prevents it (by row id). */
export function validateRoots(rows: RootRow[]): { roots: Root[]; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const seen = new Map<string, number>();
  const roots: Root[] = [];
  rows.forEach((row, i) => {
    const error = rootUriError(row.uri);
    const uri = row.uri.trim();
    if (error) errors[row.id] = error;
    else if (seen.has(uri)) errors[row.id] = `Same URI as row ${seen.get(uri)! + 1}`;
    else seen.set(uri, i);
    const name = row.name.trim();
    roots.push(name ? { uri, name } : { uri });
  });
  return { roots, errors };
}

export function sameRoots(a: readonly Root[], b: readonly Root[]): boolean {
  return a.length === b.length && a.every((r, i) => r.uri === b[i].uri && (r.name ?? '') === (b[i].name ?? ''));
}
