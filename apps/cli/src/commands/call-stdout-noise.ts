import { flaggedFrames, type Session } from '@mcpscope/engine';
import type { FrameEvent } from '@mcpscope/protocol';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

const SHOWN = 80;

function quoted(frame: FrameEvent): string {
  const raw = frame.raw ?? '';
  return raw.length > SHOWN ? `"${escapeControl(raw.slice(0, SHOWN))}…" (${frame.size} bytes)` : `"${escapeControl(raw)}"`;
}

/**
 * Lines a stdio server wrote to stdout that are not JSON-RPC: a `console.log` this request
 * survived can still break a host, and it is the usual cause of a request nothing answers. Said
 * once on stderr with the first line (stdout stays the result; the exit code is the request's).
 */
export function reportStdoutNoise(session: Session, io: CliIo): void {
  const noise = flaggedFrames(session.events(), 0, ['stdio-non-json-stdout']);
  if (noise.length === 0) return;
  const lines = noise.length === 1 ? 'a line that is' : `${noise.length} lines that are`;
  io.stderr(
    `mcpscope: warning: the server wrote ${lines} not JSON-RPC to stdout, the first: ${quoted(noise[0]!)}. ` +
      `2025-11-25/basic/transports#stdio: "The server MUST NOT write anything to its \`stdout\` that is not a valid MCP message." ` +
      `A host may drop the connection on it; log to stderr instead (mcpscope check lists every line).\n`,
  );
}
