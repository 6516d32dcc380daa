/**
 * The app view's side log: what a view asked the host that has no other place in mcpscope —
 * ui/message and ui/update-model-context (mcpscope has no model: it shows them), logging
 * notifications, link requests, and the host's own warnings. Bounded.
 */
export type HostLogKind = 'message' | 'model-context' | 'log' | 'link' | 'warning' | 'info';

export interface HostLogEntry {
  id: number;
  kind: HostLogKind;
  /** A short label: the method, a log level, "warning". */
  title: string;
  text: string;
  /** The params as sent, for the detail view. */
  data?: unknown;
  at: number;
}

export const MAX_HOST_LOG = 300;

export class HostLog {
  entries: readonly HostLogEntry[] = [];
  private next = 1;

  constructor(
    private readonly changed: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  add(kind: HostLogKind, title: string, text: string, data?: unknown): void {
    const entry: HostLogEntry = { id: this.next++, kind, title, text, at: this.now(), ...(data !== undefined ? { data } : {}) };
    const kept = this.entries.length >= MAX_HOST_LOG ? this.entries.slice(this.entries.length - MAX_HOST_LOG + 1) : this.entries;
    this.entries = [...kept, entry];
    this.changed();
  }
}

/** The text of MCP content blocks, for one log line (other block types are named). */
export function contentText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : content === undefined ? [] : [content];
  return blocks
    .map((b: unknown) => {
      const block = b !== null && typeof b === 'object' ? (b as Record<string, unknown>) : {};
      return block.type === 'text' && typeof block.text === 'string'
        ? block.text
        : `[${typeof block.type === 'string' ? block.type : 'content'}]`;
    })
    .join(' ')
    .slice(0, 2000);
}
