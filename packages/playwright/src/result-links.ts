import type { SessionHandle } from './session-handle.js';

/** Where a tools/call result came from: what `toMatchOutputSchema` needs to judge it. */
export interface ResultLink {
  handle: SessionHandle;
  tool: string;
  /** The response frame's seq (0 when not found). */
  seq: number;
}

/**
 * Results returned by `mcp.callTool` and their origin, kept beside them rather than on them so a
 * result stays exactly what the server sent (toEqual, snapshots, JSON.stringify see no extra key).
 */
const links = new WeakMap<object, ResultLink>();

export function linkResult(result: object, link: ResultLink): void {
  links.set(result, link);
}

export function linkOf(result: unknown): ResultLink | undefined {
  return typeof result === 'object' && result !== null ? links.get(result) : undefined;
}
