import { writeFileSync } from 'node:fs';
import { Engine, EngineError, formatReplay, replayJUnit, replayTrace, type SessionConfig } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { describeConnectError } from '../format-error.js';
import type { CliIo } from '../io.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { cliVersion, demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';
import { readTraceFile } from './trace-file.js';

export const ReplayOptionsSchema = TargetOptionsSchema.extend({
  ignore: z.array(z.string().min(1)).default([]),
  junit: z.string().min(1).optional(),
  timeout: z.coerce.number({ error: '--timeout must be a number' }).int().positive().default(30_000),
});

const RecordedConfigSchema = z.union([
  z.object({ transport: z.literal('stdio'), command: z.string(), args: z.array(z.string()), cwd: z.string().optional(), era: z.enum(['auto', 'legacy']).optional() }),
  z.object({ transport: z.enum(['http', 'sse', 'auto']), url: z.string(), era: z.enum(['auto', 'legacy']).optional() }),
]);

/** The target the trace recorded (command or URL; never env or headers). */
function recordedTarget(session: Record<string, unknown>): SessionConfig {
  const parsed = RecordedConfigSchema.safeParse(session.config);
  if (!parsed.success) throw new CliError('the trace does not record its target; give one (-- command args…, --url or --demo)');
  return parsed.data.transport === 'stdio' ? { ...parsed.data, env: {} } : { ...parsed.data, headers: {} };
}

/**
 * `mcpscope replay <trace>`: the trace's requests against a live server, each response diffed
 * with the recorded one. Exit 0 when all match, 1 when any differs or fails, 2 could not connect.
 */
export async function runReplay(file: string, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ReplayOptionsSchema, rawOptions);
  const trace = readTraceFile(file, io.stderr);
  const config = (await resolveTarget(opts, command, { demo: demoConfig })) ?? recordedTarget(trace.header.session);
  const engine = new Engine({ clientVersion: cliVersion() });
  try {
    const report = await replayTrace(engine, trace.events, config, { ignore: opts.ignore, timeoutMs: opts.timeout, open: { watchListChanges: false, record: opts.record, noRedact: !opts.redact } });
    io.stdout(formatReplay(report));
    if (opts.junit) writeFileSync(opts.junit, replayJUnit(report, `mcpscope replay ${file}`));
    return report.passed ? ExitCode.Ok : ExitCode.Usage;
  } catch (err) {
    if (err instanceof EngineError && err.details) throw new CliError(describeConnectError(describeTarget(config), err), ExitCode.ConnectFailed);
    throw err;
  } finally {
    await engine.dispose();
  }
}
