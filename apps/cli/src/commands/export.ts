import { writeFileSync } from 'node:fs';
import { traceToOtlp } from '@mcpscope/engine';
import { toHar, TraceError } from '@mcpscope/trace';
import { z } from 'zod';
import { ExitCode, type ExitCodeValue } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../options.js';
import { escapeControl } from './escape-control.js';
import { readTraceFile } from './trace-file.js';

const ExportOptionsSchema = z.object({
  format: z.enum(['otlp', 'har', 'json'], { error: '--format must be otlp, har or json' }),
  output: z.string().min(1, '--output needs a file').optional(),
  otlpContent: z.boolean().default(false),
});

/**
 * `mcpscope export <trace> --format otlp|har|json`. otlp: OTLP/JSON of the session's spans by the
 * MCP semantic conventions (the live export's, rebuilt from the recorded events) and the server
 * spans it recorded — a file Jaeger's "Upload JSON" and Grafana Tempo's trace import read.
 * Exit codes: 0 written, 1 bad usage, 2 the trace could not be read.
 */
export async function runExport(file: string, rawOptions: unknown, io: CliIo): Promise<ExitCodeValue> {
  const opts = parseOptions(ExportOptionsSchema, rawOptions);
  let text: string;
  try {
    if (opts.format === 'otlp') {
      const out = await traceToOtlp(file, { includeContent: opts.otlpContent, serviceName: io.env.OTEL_SERVICE_NAME?.trim() || undefined });
      for (const w of out.warnings) io.stderr(`mcpscope: ${escapeControl(file)}: ${escapeControl(w)}\n`);
      io.stderr(`mcpscope: ${out.spans} span(s) of mcpscope, ${out.serverSpans} of the server\n`);
      text = out.json;
    } else {
      const trace = await readTraceFile(file, io.stderr);
      text = opts.format === 'har' ? JSON.stringify(toHar(trace.header, trace.events)) : JSON.stringify(trace.events);
    }
  } catch (err) {
    if (
      !(err instanceof TraceError) &&
      typeof (err as NodeJS.ErrnoException).code !== 'string' &&
      (err as { exitCode?: unknown }).exitCode === undefined
    )
      throw err;
    io.stderr(`mcpscope: cannot read trace ${escapeControl(file)}: ${escapeControl((err as Error).message)}\n`);
    return ExitCode.ConnectFailed;
  }
  if (opts.output) writeFileSync(opts.output, text);
  else io.stdout(`${text}\n`);
  return ExitCode.Ok;
}
