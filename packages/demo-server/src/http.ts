#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import * as z from 'zod';

import { startDemoHttpServer } from './httpServer.js';
import { startDemoTelemetry, stopDemoTelemetry } from './telemetry/demoTelemetry.js';

export { startDemoHttpServer, type DemoHttpServer, type DemoHttpServerOptions } from './httpServer.js';

const argsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  'allowed-host': z.array(z.string().min(1)).default([]),
});

const USAGE = 'usage: node dist/http.js [--port 0] [--host 127.0.0.1] [--allowed-host NAME]…\n';

/** Runs the HTTP entry: stdout gets exactly one line, `listening <url>`, once listening. */
async function main(): Promise<void> {
  let args: z.infer<typeof argsSchema>;
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        'allowed-host': { type: 'string', multiple: true },
      },
    });
    args = argsSchema.parse(values);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const env = z.object({ DEMO_CLOCK_INTERVAL_MS: z.coerce.number().int().positive().optional() }).parse(process.env);
  // Optional spans: child spans of tools, parented by the client's params._meta.traceparent.
  await startDemoTelemetry('tcp');
  const server = await startDemoHttpServer({
    port: args.port,
    host: args.host,
    allowedHosts: args['allowed-host'],
    clockIntervalMs: env.DEMO_CLOCK_INTERVAL_MS,
  });
  process.stdout.write(`listening ${server.url}\n`);
  process.stderr.write('demo-server ready (http)\n');
  const stop = () => {
    void server
      .close()
      .then(stopDemoTelemetry)
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMainModule()) await main();
