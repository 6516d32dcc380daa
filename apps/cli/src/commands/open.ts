import { resolve } from 'node:path';
import { defaultTracesDir, Engine } from '@mcpscope/engine';
import { startProxy } from '@mcpscope/proxy';
import { TraceError } from '@mcpscope/trace';
import { z } from 'zod';
import { CliError, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { presentUi } from '../ui-link.js';
import { DEFAULT_PORT, parseOptions } from '../options.js';
import { cliVersion, demoConfig, webDir } from '../paths.js';
import { waitForStop } from '../stop-signal.js';
import { MemoryBudgetSchema, mebibytes } from '../memory-budget.js';
import { announceUi } from '../ui-registry.js';
import { escapeControl } from './escape-control.js';

export const OpenOptionsSchema = z.object({
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535).default(DEFAULT_PORT),
  open: z.boolean().default(true),
  tracesDir: z.string().min(1).optional(),
  memoryBudget: MemoryBudgetSchema,
});

/** `mcpscope open <trace>`: the UI with the trace opened as an offline, read-only session. */
export async function runOpen(file: string, rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(OpenOptionsSchema, rawOptions);
  const engine = new Engine({
    clientVersion: cliVersion(),
    tracesDir: opts.tracesDir ?? defaultTracesDir(io.env as NodeJS.ProcessEnv),
    memoryBudget: mebibytes(opts.memoryBudget),
  });
  // The UI is served once the header is read; the trace is indexed meanwhile and its
  // warnings are printed when the index is complete.
  let view: Awaited<ReturnType<Engine['openTrace']>>;
  try {
    view = await engine.openTrace(resolve(file), { background: true });
  } catch (err) {
    if (err instanceof TraceError) throw new CliError(`${escapeControl(file)}: ${escapeControl(err.message)}`);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`cannot read ${file}: no such file`);
    throw err;
  }
  void view.indexed.then(() => {
    for (const w of view.info().warnings ?? []) io.stderr(`mcpscope: ${escapeControl(file)}: ${escapeControl(w)}\n`);
  });
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({
      engine,
      host: '127.0.0.1',
      port: opts.port,
      token: io.env.MCPSCOPE_TOKEN || undefined,
      staticDir: webDir(),
      info: { version: cliVersion(), demo: await demoConfig(), memoryBudget: engine.memoryBudget },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`port ${opts.port} is already in use; pick another with --port (0 = any free port)`);
    throw err;
  }
  const unannounce = announceUi({ url: proxy.baseUrl, token: proxy.token, pid: process.pid }, io.env as NodeJS.ProcessEnv);
  const { stopped } = waitForStop();
  const stopPrompt = presentUi(proxy, opts, io);
  await stopped;
  stopPrompt();
  unannounce();
  await engine.dispose();
  await proxy.close();
  return 0;
}
