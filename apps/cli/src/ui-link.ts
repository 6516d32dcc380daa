import { createInterface } from 'node:readline';
import type { RunningProxy } from '@mcpscope/proxy';
import { processIo, type CliIo } from './io.js';
import { openBrowser } from './open-browser.js';

/**
 * How a launched UI is handed to the user (the token stays in the page).
 * - The browser is opened on a single-use code URL (`#code=…`, 60 s): the argv of the opener
 *   and the browser, and the browser's history, only ever hold a spent code.
 * - The printed line: on a terminal, a code URL too (clicking it in a terminal runs an opener
 *   with the URL in its argv), and Enter mints a new one (another tab, or after the tab was
 *   closed). When stdout is not a terminal (a script or test reads it), the line carries
 *   `#token=…` as before: a pipe is read by a program, not clicked. `MCPSCOPE_TOKEN` fixes the
 *   token for scripts either way.
 * Returns a function that stops listening for Enter.
 */
export function presentUi(proxy: RunningProxy, opts: { open: boolean }, io: CliIo): () => void {
  const interactive = io.stdout === processIo.stdout && process.stdout.isTTY === true;
  if (!interactive) {
    io.stdout(`mcpscope listening on ${proxy.url}\n`);
    if (opts.open) openBrowser(proxy.codeUrl(), io);
    return () => undefined;
  }
  io.stdout(`mcpscope listening on ${proxy.codeUrl()}\n`);
  if (opts.open) openBrowser(proxy.codeUrl(), io);
  if (process.stdin.isTTY !== true) {
    io.stdout('  (a single-use link, valid for 60 s)\n');
    return () => undefined;
  }
  io.stdout(`  (a single-use link, valid for 60 s: press Enter here for a new one${opts.open ? ', opened in your browser' : ''})\n`);
  // terminal: false: the terminal stays in cooked mode, so Ctrl-C is still a real SIGINT.
  const lines = createInterface({ input: process.stdin, terminal: false });
  lines.on('line', () => {
    const url = proxy.codeUrl();
    io.stdout(`mcpscope: new link ${url}\n`);
    if (opts.open) openBrowser(url, io);
  });
  return () => lines.close();
}
