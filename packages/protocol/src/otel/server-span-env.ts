/**
 * "Collect server spans": the environment a stdio server gets so that its OpenTelemetry SDK
 * exports traces to mcpscope's receiver (and nothing else there). Standard variables of the
 * OpenTelemetry SDK configuration (OTEL_EXPORTER_OTLP_TRACES_*, OTEL_*_EXPORTER), so any SDK
 * that reads its environment follows them; the Connect form shows these lines before it runs.
 */

/** The header that carries a session's receiver secret (not the UI token). */
export const OTLP_SECRET_HEADER = 'x-mcpscope-otlp-secret';

/** The receiver's path under the proxy's origin. */
export const OTLP_RECEIVER_PATH = '/otlp/v1/traces';

/** What the preview shows in place of the secret, which is made when the session opens. */
export const SECRET_PLACEHOLDER = '<a secret made for this session>';

/** The variables, in the order the preview lists them. */
export function serverSpanEnv(receiverUrl: string, secret: string): Record<string, string> {
  return {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiverUrl,
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: `${OTLP_SECRET_HEADER}=${secret}`,
    // Spans show up in the UI within a fraction of a second rather than the SDK's default 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '200',
    // The receiver takes traces only: a server's metrics and logs would be refused there.
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
  };
}
