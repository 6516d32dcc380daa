import type { Command } from 'commander';
import { z } from 'zod';

/**
 * OpenTelemetry options of the commands that run sessions (launch, call, check, replay, wrap).
 * Off unless --otlp-endpoint or OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set; nothing of
 * OpenTelemetry is loaded then.
 */
export function addTelemetryOptions(cmd: Command, opts: { traceContext?: boolean } = {}): Command {
  cmd
    .option(
      '--otlp-endpoint <url>',
      'export the sessions as OpenTelemetry traces (MCP semantic conventions) and duration metrics to this OTLP/HTTP endpoint, e.g. http://localhost:4318 (also OTEL_EXPORTER_OTLP_ENDPOINT)',
    )
    .option('--otlp-content', 'with the export: put tool arguments and results in span attributes (redacted; off by default)');
  if (opts.traceContext !== false)
    cmd.option(
      '--trace-context',
      "send W3C trace context (traceparent, tracestate) in every request's params._meta, so an instrumented server continues mcpscope's trace",
    );
  return cmd;
}

export const TelemetryOptionsShape = {
  otlpEndpoint: z.url({ protocol: /^https?$/, error: '--otlp-endpoint must be an http(s) URL' }).optional(),
  otlpContent: z.boolean().default(false),
  traceContext: z.boolean().default(false),
};
