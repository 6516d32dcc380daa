import type { EarlyUi } from '@mcpscope/proxy/early';
import { earlyListen, type EarlyListen } from '../launch-argv.js';

// No paths.ts here: mcpscope.ts loads this file as one CommonJS file of its own (build.mjs), so
// it takes the web UI's directory as given.

/**
 * Launch's first step, before commands/launch.ts (the engine, Fastify, the SDK…) is loaded: the
 * UI's port (and the MCP App sandbox's) listen and serve the built web UI at once; startProxy
 * hands them to Fastify when it is ready (see @mcpscope/proxy/early). Only for options that
 * plainly allow it (a decimal port, a loopback host or --allow-remote): anything else is left to
 * runLaunch, which reports it exactly as before (undefined here, nothing bound).
 */
async function startEarly(listen: EarlyListen, staticDir: string | undefined): Promise<EarlyUi | undefined> {
  const { isLoopbackHost, startEarlyUi } = await import('@mcpscope/proxy/early');
  if (!isLoopbackHost(listen.host) && !listen.allowRemote) return undefined;
  const ui = startEarlyUi({ host: listen.host, port: listen.port, staticDir });
  // Bound before the rest loads (Node 22 loads ES modules synchronously: a listen left pending
  // would only complete after all of it). A failure (EADDRINUSE) is startProxy's to report.
  await ui.listening.catch(() => undefined);
  return ui;
}

/** An early UI started by mcpscope.ts from argv alone, before commander loaded (launch-argv.ts). */
export interface PreStartedUi {
  listen: EarlyListen;
  ui: EarlyUi | undefined;
}

/** mcpscope.ts: argv is a plain launch, so listen now, serving the web UI built in `staticDir` (paths.ts webDir). */
export async function startPlainLaunchUi(listen: EarlyListen, staticDir: string | undefined): Promise<PreStartedUi> {
  return { listen, ui: await startEarly(listen, staticDir) };
}

/**
 * Two turns of the event loop (accept a connection, then read and answer it): what reached the
 * early UI during one long synchronous module load is answered before the next one starts.
 */
export async function answerWaitingRequests(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

const sameListen = (a: EarlyListen, b: EarlyListen): boolean => a.host === b.host && a.port === b.port && a.allowRemote === b.allowRemote;

/**
 * The launch action's early UI from commander's options: the one mcpscope.ts started when argv
 * said the same (launch-argv.test.ts keeps both parsers in step; a mismatch closes it and starts
 * afresh rather than trusting it), else one started now.
 */
export async function startLaunchUi(
  raw: unknown,
  started: PreStartedUi | undefined,
  staticDir: string | undefined,
): Promise<EarlyUi | undefined> {
  const listen = earlyListen(raw);
  if (started) {
    if (listen && sameListen(listen, started.listen)) {
      if (started.ui) await answerWaitingRequests(); // commander's load is over; launch's comes next
      return started.ui;
    }
    await started.ui?.close();
  }
  return listen ? startEarly(listen, staticDir) : undefined;
}
