import type { SessionInfo } from '@mcpscope/wire';
import type { ExportFormat } from '../../lib/tracesApi';

const EXTENSION: Record<ExportFormat, string> = { ndjson: 'ndjson', json: 'json', har: 'har', otlp: 'otlp.json' };

/** `<session name>-<id>.<ext>`, safe as a file name. */
export function exportFileName(session: Pick<SessionInfo, 'id' | 'name'>, format: ExportFormat): string {
  const base = `${session.name}-${session.id}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
  return `${base}.${EXTENSION[format]}`;
}

/** Files from a drop or a picker that look like traces (NDJSON/JSON/text); others are ignored. */
export function traceFilesOf(files: Iterable<File>): File[] {
  return [...files].filter(
    (f) => /\.(ndjson|jsonl|json|trace|txt)$/i.test(f.name) || f.type === '' || f.type.includes('json') || f.type.startsWith('text/'),
  );
}

/** Whether a drag carries files (not text or a link dragged around the page). */
export function dragHasFiles(types: readonly string[] | DOMStringList | undefined): boolean {
  if (!types) return false;
  return Array.from(types as ArrayLike<string>).includes('Files');
}
