import type { ConnectError } from '@mcpscope/engine';

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

/** A connect failure in plain words: what failed, exit code/signal, stderr tail, HTTP status and headers. */
export function describeConnectError(target: string, err: unknown): string {
  const e = connectErrorOf(err);
  const lines = [`mcpscope: could not connect to ${target}`, `  ${e.message} [${e.code}]`];
  if (e.exitCode !== undefined && e.exitCode !== null) lines.push(`  the server exited with code ${e.exitCode}`);
  if (e.signal) lines.push(`  the server was killed by ${e.signal}`);
  if (e.httpStatus !== undefined) lines.push(`  HTTP status ${e.httpStatus}`);
  for (const [name, value] of Object.entries(e.httpHeaders ?? {})) lines.push(`    ${name}: ${value}`);
  if (e.stderrTail && e.stderrTail.length > 0) {
    lines.push('  last lines of its stderr:');
    for (const line of e.stderrTail.slice(-10)) lines.push(`    | ${line}`);
  }
  return lines.join('\n');
}
