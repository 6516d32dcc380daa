import { writeFileSync } from 'node:fs';
import { formatReport, hasErrors, type FindingsReport, type ReportFormat } from '@mcpscope/engine/report';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { escapeControl } from './escape-control.js';

// No zod and no engine (its report module aside): `check --session`'s fast path prints with this file.

export interface ReportOptions {
  format: ReportFormat;
  output?: string;
}

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
