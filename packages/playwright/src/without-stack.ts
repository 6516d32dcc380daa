import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's own code: the bundle's folder (dist/), or src/ when it runs from source. */
const OWN = dirname(fileURLToPath(import.meta.url));

/**
 * An error about the user's server, option or call, not a fault of this package: its message
 * says it all, and Playwright's report shows no frame of the bundle with it.
 */
export function withoutStack<E extends Error>(err: E): E {
  err.stack = `${err.name}: ${err.message}`;
  return err;
}

/**
 * An error a helper of `mcp` passes on (the server's JSON-RPC error, a timeout): its stack keeps
 * the test's own frames only, so Playwright points at the test's line, not into the bundle.
 */
export function fromTestsView<T>(err: T): T {
  if (!(err instanceof Error) || typeof err.stack !== 'string') return err;
  const lines = err.stack.split('\n');
  const header = lines.findIndex((line) => /^\s+at /.test(line));
  if (header === -1) return err;
  err.stack = [...lines.slice(0, header), ...lines.slice(header).filter((line) => !line.includes(OWN))].join('\n');
  return err;
}
