import type { TelemetryOptions } from './telemetry.js';

/** The flags every command that runs sessions takes (see apps/cli options). */
export interface TelemetryFlags {
  otlpEndpoint?: string;
  traceContext?: boolean;
  otlpContent?: boolean;
}

/**
 * The export as the user set it: `--otlp-endpoint`, else the standard OpenTelemetry variables
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_ENDPOINT; their _HEADERS are read by the
 * exporter itself), OTEL_SERVICE_NAME, OTEL_SDK_DISABLED. Off unless one of them is set. TRACEPARENT
 * and TRACESTATE (as CI systems and otel-cli set them) make every session a child of that span.
 */
export function telemetryOptions(env: NodeJS.ProcessEnv, flags: TelemetryFlags, report?: (line: string) => void): TelemetryOptions {
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const baseEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const display = flags.otlpEndpoint
    ? `${flags.otlpEndpoint.replace(/\/+$/, '')}/v1/traces`
    : tracesEndpoint || (baseEndpoint ? `${baseEndpoint.replace(/\/+$/, '')}/v1/traces` : undefined);
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || 'mcpscope';
  const parent = env.TRACEPARENT ? { traceparent: env.TRACEPARENT, ...(env.TRACESTATE ? { tracestate: env.TRACESTATE } : {}) } : undefined;
  return {
    ...(display && !disabled ? { export: { ...(flags.otlpEndpoint ? { endpoint: flags.otlpEndpoint } : {}), display, serviceName } } : {}),
    traceContext: flags.traceContext === true,
    includeContent: flags.otlpContent === true,
    ...(parent ? { parent } : {}),
    ...(report ? { report } : {}),
  };
}
