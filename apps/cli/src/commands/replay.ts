import { writeFileSync } from 'node:fs';
import { Engine, EngineError, formatReplay, replayJUnit, replayTrace } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { describeConnectError } from '../format-error.js';
import type { CliIo } from '../io.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { cliVersion, demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';
import { escapeControl } from './escape-control.js';
import { recordedConfig } from './recorded-target.js';
import { readTraceFile } from './trace-file.js';
import { TelemetryOptionsShape } from '../telemetry-options.js';
import { cliTelemetry } from '../cli-telemetry.js';

export const ReplayOptionsSchema = TargetOptionsSchema.extend({
  ignore: z.array(z.string().min(1)).default([]),
  /** Compare everything: no default rule (timestamps and generated ids in text, task ids, roots). */
  strict: z.boolean().default(false),
  junit: z.string().min(1).optional(),
  timeout: z.coerce.number({ error: '--timeout must be a number' }).int().positive().default(30_000),
  /** Run the target the trace recorded (printed first). Without it and without a target: exit 1. */
  useRecordedCommand: z.boolean().default(false),
  ...TelemetryOptionsShape,
});

/**
 * `mcpscope replay <trace>`: the trace's requests against a live server, each response diffed
 * with the recorded one. Exit 0 when all match, 1 when any differs or fails (or no target was
 * given: the recorded one runs only with --use-recorded-command), 2 could not connect.
 */
export async function runReplay(file: string, command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ReplayOptionsSchema, rawOptions);
  const trace = await readTraceFile(file, io.stderr);
  const given = await resolveTarget(opts, command, { demo: demoConfig });
  if (given && opts.useRecordedCommand) throw new CliError('give a target or --use-recorded-command, not both');
  const config = given ?? recordedConfig(file, trace.header, opts.useRecordedCommand, io.stderr);
  const engine = new Engine({ clientVersion: cliVersion(), telemetry: cliTelemetry(io, opts), sessionKind: 'replay' });
  try {
    const report = await replayTrace(engine, trace.events, config, {
      ignore: opts.ignore,
      defaults: !opts.strict,
      timeoutMs: opts.timeout,
      open: { watchListChanges: false, record: opts.record, noRedact: !opts.redact },
    });
    io.stdout(formatReplay(report));
    if (opts.junit) writeFileSync(opts.junit, replayJUnit(report, `mcpscope replay ${file}`));
    return report.passed ? ExitCode.Ok : ExitCode.Usage;
  } catch (err) {
    if (!(err instanceof EngineError && err.details)) throw err;
    io.stderr(`${describeConnectError(escapeControl(describeTarget(config)), err)}\n`);
    return ExitCode.ConnectFailed;
  } finally {
    await engine.dispose();
  }
}
