import { lintTraceFile, type FindingsReport } from '@mcpscope/engine';
import { z } from 'zod';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../options.js';
import { emitReport } from './emit-report.js';
import { escapeControl } from './escape-control.js';

export { emitReport };

export const ReportOptionsSchema = z.object({
  format: z.enum(['text', 'json', 'junit'], { error: '--format must be text, json or junit' }).default('text'),
  output: z.string().min(1, '--output needs a file').optional(),
});

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
