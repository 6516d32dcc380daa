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

/** Writes the report to --output or stdout; exit 1 when any finding is an error (for CI). */
export function emitReport(report: FindingsReport, opts: ReportOptions, io: CliIo): ExitCodeValue {
  // Text on a terminal: every server text stays on its own line, escaped.
  const text = formatReport(report, opts.format, escapeControl);
  if (opts.output) {
    writeFileSync(opts.output, text);
    const { error, warning, info } = report.counts;
    io.stderr(`mcpscope: ${error} error(s), ${warning} warning(s), ${info} info; report written to ${opts.output}\n`);
  } else {
    io.stdout(text);
  }
  return hasErrors(report) ? ExitCode.Usage : ExitCode.Ok;
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
