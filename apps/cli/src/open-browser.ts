import { spawn } from 'node:child_process';
import type { CliIo } from './io.js';

/**
 * Opens the UI in the default browser; a machine without one only gets a hint.
 * `MCPSCOPE_BROWSER=<executable>` runs that program with the URL as its one argument instead
 * (a particular browser, a headless box's own opener, or a test's fake browser).
 * The URL lands in that process's argv (readable by every local user), so callers pass a
 * single-use code URL (RunningProxy.codeUrl()), never the token.
 */
export function openBrowser(url: string, io: CliIo): void {
  const hint = (err: unknown): void =>
    io.stderr(`mcpscope: could not open a browser (${(err as Error).message}); open the URL above yourself\n`);
  const custom = io.env.MCPSCOPE_BROWSER;
  if (custom) {
    try {
      spawn(custom, [url], { stdio: 'ignore', detached: true }).once('error', hint).unref();
    } catch (err) {
      hint(err);
    }
    return;
  }
  // Loaded here, not at start: `--no-open` and headless commands never pay for it.
  import('open')
    .then(({ default: open }) => open(url))
    .then((child) => child.once('error', hint).unref())
    .catch(hint);
}
