import { Engine, handOffStdioServers, runCheck } from '@mcpscope/engine';
import { z } from 'zod';
import { CliError, ExitCode, type ExitCodeValue } from '../exit-codes.js';
import { eraFallbackLine } from '../era-line.js';
import { describeConnectError } from '../format-error.js';
import type { CliIo } from '../io.js';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { demoConfig } from '../paths.js';
import { describeTarget, resolveTarget } from '../target.js';
import { emitReport, ReportOptionsSchema } from './lint.js';
import { TelemetryOptionsShape } from '../telemetry-options.js';
import { cliTelemetry } from '../cli-telemetry.js';

const CheckOptionsSchema = TargetOptionsSchema.merge(ReportOptionsSchema).extend({
  callTools: z.boolean().default(false),
  exercise: z.boolean().default(false),
  probe: z.boolean().default(true),
  timeout: z.coerce.number({ error: '--timeout must be a number of milliseconds' }).int().positive().default(15_000),
  connectTimeout: z.coerce.number({ error: '--connect-timeout must be a number of milliseconds' }).int().positive().default(30_000),
  ...TelemetryOptionsShape,
});

/**
 * `mcpscope check`: connect, exercise what the server declares, run every rule (and the HTTP
 * DNS-rebinding probes); `--exercise` calls every tool, valid and invalid. Exit codes: 0 no error
 * findings, 1 error findings (a crash during the check is one) or bad usage, 2 could not connect,
 * or the server went away during the check without an error finding (the rest was skipped).
 */
export async function runCheckCommand(command: string[], rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(CheckOptionsSchema, rawOptions);
  const config = await resolveTarget(opts, command, { demo: demoConfig });
  if (!config) throw new CliError('check needs a target: -- <command> [args…], --url, --config or --demo');
  const engine = new Engine({ stopGraceMs: 500, telemetry: cliTelemetry(io, opts), sessionKind: 'check' });
  try {
    const { report, session } = await runCheck(engine, config, {
      callTools: opts.callTools,
      exercise: opts.exercise,
      probe: opts.probe,
      timeoutMs: opts.timeout,
      connectTimeoutMs: opts.connectTimeout,
      record: opts.record,
      noRedact: !opts.redact,
    }).catch((err: unknown) => {
      io.stderr(`${describeConnectError(describeTarget(config), err)}\n`);
      return { report: undefined, session: undefined };
    });
    if (!report) return ExitCode.ConnectFailed;
    io.stderr(eraFallbackLine(session?.info().eraFallback, true));
    return emitReport(report, opts, io);
  } finally {
    // The report is out: the server's supervisor finishes its stop after we exit (see call.ts).
    if (io.exitsWhenDone) handOffStdioServers();
    await engine.dispose();
  }
}
