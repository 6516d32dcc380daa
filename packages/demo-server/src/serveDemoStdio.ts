import { serveStdio, type StdioServerHandle, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

import { DemoState } from './demoState.js';
import { ListenWatchingTransport } from './listenWatchingTransport.js';
import { createDemoServer } from './server.js';
import { tracedTransport } from './telemetry/demoTelemetry.js';

export interface ServeDemoStdioOptions {
  clockIntervalMs?: number;
}

/**
 * Serves the demo over this process's stdin/stdout. `serveStdio` decides the era from the
 * opening message (`initialize` → 2025-era, `server/discover` or an enveloped request →
 * 2026-07-28) and pins one instance from the factory for the connection.
 * Diagnostics go to stderr only: stdout carries JSON-RPC and nothing else (spec: basic/transports#stdio).
 */
export function serveDemoStdio(options: ServeDemoStdioOptions = {}): StdioServerHandle {
  const state = new DemoState({ clockIntervalMs: options.clockIntervalMs });
  const transport = new ListenWatchingTransport(new StdioServerTransport(), state);
  // With OpenTelemetry on (startDemoTelemetry), every request becomes a SERVER span.
  const handle = serveStdio(({ era }) => createDemoServer({ state, era, live: true }), {
    transport: tracedTransport(transport),
    onerror: (error) => process.stderr.write(`demo-server: ${error.message}\n`),
  });
  return {
    close: async () => {
      await handle.close();
      state.close();
    },
  };
}
