import { clip, printable } from '../printable.js';
import type { McpFinding, McpFrame } from '../types.js';

/** `frame #14 (ordinal 7)`: the `#` column of the Frames view, and the frame's place in the session. */
export function frameName(seq: number, ordinal?: number): string {
  return `frame #${seq}${ordinal === undefined ? '' : ` (ordinal ${ordinal})`}`;
}

/**
 * A finding as a failure message quotes it: severity, rule and message; the spec section and the
 * sentence it rests on; the frame to look at, with an excerpt. The server's text is escaped.
 */
export function describeFinding(f: McpFinding): string {
  const lines = [`${f.severity} ${f.rule}: ${f.message}`];
  if (f.spec || f.quote) lines.push(`  spec ${f.spec ?? ''}${f.quote ? `: "${f.quote}"` : ''}`);
  if (f.seq) lines.push(`  at ${frameName(f.seq, f.ordinal)}${f.excerpt ? ` ${f.excerpt}` : ''}`);
  else if (f.excerpt) lines.push(`  at ${f.excerpt}`);
  return printable(lines.join('\n'));
}

export function describeFindings(findings: McpFinding[], max = 10): string {
  const shown = findings.slice(0, max).map(describeFinding);
  if (findings.length > max) shown.push(`… and ${findings.length - max} more (every finding is in the trace)`);
  return shown.join('\n\n');
}

/** One line for a frame: where it is, which way it went, what it said. */
export function describeFrame(f: McpFrame): string {
  const arrow = f.dir === 'out' ? '→' : '←';
  const text = f.raw ?? JSON.stringify(f.msg);
  const origin = f.origin ? ` [${f.origin.by}: ${f.origin.reason}]` : '';
  return printable(`${frameName(f.seq, f.ordinal)} ${f.channel === 'app' ? 'app ' : ''}${arrow} ${clip(text ?? '', 160)}${origin}`);
}

/** Where the evidence is: the trace attached to the test's report. */
export function traceHint(tracePath: string): string {
  return `The session's trace is attached to this test as "mcpscope-trace" (${tracePath}); open it with \`npx mcpscope open <file>\` or in the UI's Traces.`;
}
