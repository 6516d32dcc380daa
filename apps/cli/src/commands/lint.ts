import { writeFileSync } from 'node:fs';
import { formatReport, hasErrors, lintTraceFile, type FindingsReport } from '@mcpscope/engine';
import { z } from 'zod';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../options.js';
import { escapeControl } from './escape-control.js';

export const ReportOptionsSchema = z.object({
  format: z.enum(['text', 'json', 'junit'], { error: '--format must be text, json or junit' }).default('text'),
  output: z.string().min(1, '--output needs a file').optional(),
});
type ReportOptions = z.infer<typeof ReportOptionsSchema>;

/**
 * Writes the report to --output or stdout. Exit 1 when any finding is an error (for CI; a crash
 * during `check` is one), else 2 when the server went away during `check` (lost the connection:
 * the steps after it were skipped, so a clean report would claim more than was checked), else 0.
 */
export function emitReport(report: FindingsReport, opts: ReportOptions, io: CliIo): ExitCodeValue {
  // Text on a terminal: every server text stays on its own line, escaped.
  const text = formatReport(report, opts.format, escapeControl);
  if (opts.output) {
    writeFileSync(opts.output, text);
    const { error, warning, info } = report.counts;
    const skipped = report.skipped?.length ? `, ${report.skipped.length} step(s) skipped (the server went away)` : '';
    io.stderr(`mcpscope: ${error} error(s), ${warning} warning(s), ${info} info${skipped}; report written to ${opts.output}\n`);
  } else {
    io.stdout(text);
  }
  if (hasErrors(report)) return ExitCode.Usage;
  return report.serverExit ? ExitCode.ConnectFailed : ExitCode.Ok;
}

/**
 * `mcpscope lint <trace>`: every rule over a recorded trace v1. Exit codes: 0 no error findings,
 * 1 at least one error finding (or bad usage), 2 the trace could not be read.
 */
export async function runLint(file: string, rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ReportOptionsSchema, rawOptions);
  let report: FindingsReport;
  try {
    report = await lintTraceFile(file);
  } catch (err) {
    io.stderr(`mcpscope: cannot read trace ${escapeControl(file)}: ${escapeControl((err as Error).message)}\n`);
    return ExitCode.ConnectFailed;
  }
  return emitReport(report, opts, io);
}
