import type { Session } from '@mcpscope/engine';
import type { FrameEvent } from '@mcpscope/protocol';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

const SHOWN = 80;

function framesWith(session: Session, rules: readonly string[]): FrameEvent[] {
  return session
    .events()
    .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'in' && e.channel === undefined && (e.findings ?? []).some((f) => rules.includes(f.rule)));
}

function quoted(frame: FrameEvent, sized = true): string {
  const raw = frame.raw ?? '';
  return raw.length > SHOWN ? `"${escapeControl(raw.slice(0, SHOWN))}…"${sized ? ` (${frame.size} bytes)` : ''}` : `"${escapeControl(raw)}"`;
}

/**
 * Lines a stdio server wrote to stdout that are not JSON-RPC: a `console.log` this request
 * survived can still break a host, and it is the usual cause of a request nothing answers. Said
 * once on stderr with the first line (stdout stays the result; the exit code is the request's).
 */
export function reportStdoutNoise(session: Session, io: CliIo): void {
  const noise = framesWith(session, ['stdio-non-json-stdout']);
  if (noise.length === 0) return;
  const lines = noise.length === 1 ? 'a line that is' : `${noise.length} lines that are`;
  io.stderr(
    `mcpscope: warning: the server wrote ${lines} not JSON-RPC to stdout, the first: ${quoted(noise[0]!)}. ` +
      `2025-11-25/basic/transports#stdio: "The server MUST NOT write anything to its \`stdout\` that is not a valid MCP message." ` +
      `A host may drop the connection on it; log to stderr instead (mcpscope check lists every line).\n`,
  );
}

/**
 * After a timeout: lines mcpscope kept as text at its own limits (too long, nested too deep). One
 * whose id could not be read may have been the answer that never came.
 */
export function reportUnparsedLines(session: Session, io: CliIo): void {
  const refused = framesWith(session, ['message-too-large', 'message-too-deep']);
  if (refused.length === 0) return;
  const what = refused.length === 1 ? 'a line' : `${refused.length} lines`;
  const first = refused[0]!;
  const why = first.findings!.some((f) => f.rule === 'message-too-deep') ? 'nested past its depth cap' : 'longer than its line cap';
  io.stderr(`mcpscope: the server wrote ${what} that mcpscope kept as text and did not parse (its own limits), the first ${why}: ${quoted(first, false)}; if that was the answer, its id could not be read\n`);
}
