import type { ConnectError, SessionConfig } from '@mcpscope/engine';
import { escapeControl } from './commands/escape-control.js';

/** How a target is named in messages: the command line or the URL. */
export function describeTarget(config: SessionConfig): string {
  return config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
}

/** Hop-by-hop noise that never explains a failure. */
const BORING_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

function isConnectError(value: unknown): value is ConnectError {
  return typeof value === 'object' && value !== null && typeof (value as ConnectError).code === 'string';
}

/** The ConnectError an EngineError carries, or a plain one made from any other error. */
export function connectErrorOf(err: unknown): ConnectError {
  const details = (err as { details?: unknown } | null)?.details;
  if (isConnectError(details)) return details;
  const code = (err as { code?: unknown } | null)?.code;
  return { code: typeof code === 'string' ? code : 'ENGINE_CONNECT_FAILED', message: (err as Error)?.message ?? String(err) };
}

/** The messages of an error's `cause` chain (e.g. "connect ECONNREFUSED 127.0.0.1:1"), deduplicated. */
export function causeMessages(err: unknown, seen: string[] = []): string[] {
  const out: string[] = [];
  let cause = (err as { cause?: unknown } | null)?.cause;
  for (let depth = 0; cause !== undefined && cause !== null && depth < 5; depth++) {
    const text = cause instanceof Error ? cause.message : String(cause);
    if (text && ![...seen, ...out].some((m) => m.includes(text))) out.push(text);
    cause = (cause as { cause?: unknown }).cause;
  }
  return out;
}

/**
 * A connect failure in plain words: what failed, exit code/signal, stderr tail, HTTP status and
 * headers. Much of it is the server's text: each piece is kept on its own line (escapeControl), so
 * a newline in an error text or a header cannot print a line that looks like mcpscope's.
 */
export function describeConnectError(target: string, err: unknown): string {
  const e = connectErrorOf(err);
  const lines = [`mcpscope: could not connect to ${target}`, `  ${escapeControl(e.message)} [${e.code}]`];
  for (const cause of causeMessages(err, [e.message])) lines.push(`  caused by: ${escapeControl(cause)}`);
  const said = (text: string): boolean => e.message.includes(text);
  if (e.exitCode !== undefined && e.exitCode !== null && !said(`code ${e.exitCode}`))
    lines.push(`  the server exited with code ${e.exitCode}`);
  if (e.signal && !said(e.signal)) lines.push(`  the server was killed by ${escapeControl(e.signal)}`);
  if (e.httpStatus !== undefined) lines.push(`  HTTP status ${e.httpStatus}`);
  for (const [name, value] of Object.entries(e.httpHeaders ?? {})) {
    if (!BORING_HEADERS.has(name.toLowerCase())) lines.push(`    ${escapeControl(name)}: ${escapeControl(String(value))}`);
  }
  if (e.httpBody) {
    lines.push('  response body:');
    for (const line of e.httpBody.split('\n').slice(0, 40)) lines.push(`    | ${escapeControl(line.replace(/\r$/, ''))}`);
  }
  if (e.sentInstead && e.sentInstead.length > 0) {
    lines.push('  the server sent instead:');
    for (const said of e.sentInstead) lines.push(`    - ${escapeControl(said)}`);
  }
  if (e.stderrTail && e.stderrTail.length > 0) {
    lines.push('  last lines of its stderr:');
    // A CRLF line ending is not an overwrite; any other control character is escaped.
    for (const line of e.stderrTail.slice(-10)) lines.push(`    | ${escapeControl(line.replace(/\r$/, ''))}`);
  }
  return lines.join('\n');
}
