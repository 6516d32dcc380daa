import { serveMockHttp, serveMockStdio } from '@mcpscope/engine/mock';
import { z } from 'zod';
import type { ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../options.js';
import { waitForStop } from '../stop-signal.js';
import { readTraceFile } from './trace-file.js';

export const MockOptionsSchema = z.object({
  http: z.coerce.number({ error: '--http must be a port' }).int().min(0).max(65535).optional(),
});

/**
 * `mcpscope mock <trace>`: the trace served as an MCP server, on stdio (stdout carries only
 * protocol messages; diagnostics go to stderr) or Streamable HTTP on 127.0.0.1.
 */
export async function runMock(file: string, rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(MockOptionsSchema, rawOptions);
  const { events } = await readTraceFile(file, io.stderr);
  if (opts.http === undefined) {
    const handle = serveMockStdio(events, (e) => io.stderr(`mcpscope mock: ${e.message}\n`));
    const { stopped, dispose } = waitForStop();
    await Promise.race([stopped, new Promise((resolve) => process.stdin.once('end', resolve))]);
    dispose();
    await handle.close?.();
    return 0;
  }
  const server = await serveMockHttp(events, { port: opts.http });
  io.stdout(`mcpscope mock listening on ${server.url}\n`);
  const { stopped } = waitForStop();
  await stopped;
  await server.close();
  return 0;
}
