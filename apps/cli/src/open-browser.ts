import open from 'open';
import type { CliIo } from './io.js';

/** Opens the UI in the default browser; a machine without one only gets a hint. */
export function openBrowser(url: string, io: CliIo): void {
  const hint = (err: unknown): void =>
    io.stderr(`mcpscope: could not open a browser (${(err as Error).message}); open the URL above yourself\n`);
  open(url)
    .then((child) => child.once('error', hint).unref())
    .catch(hint);
}
