import { writeFileSync } from 'node:fs';
import { formatReport, hasErrors, type FindingsReport, type ReportFormat } from '@mcpscope/engine/report';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';

// No zod and no engine (its report module aside): `check --session`'s fast path prints with this file.

export interface ReportOptions {
  format: ReportFormat;
  output?: string;
}

/** Writes the report to --output or stdout; exit 1 when any finding is an error (for CI). */
export function emitReport(report: FindingsReport, opts: ReportOptions, io: CliIo): ExitCodeValue {
  const text = formatReport(report, opts.format);
  if (opts.output) {
    writeFileSync(opts.output, text);
    const { error, warning, info } = report.counts;
    io.stderr(`mcpscope: ${error} error(s), ${warning} warning(s), ${info} info; report written to ${opts.output}\n`);
  } else {
    io.stdout(text);
  }
  return hasErrors(report) ? ExitCode.Usage : ExitCode.Ok;
}
