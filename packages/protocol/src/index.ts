export * from './events.js';
export * from './jsonrpc.js';
export * from './pairing.js';
export * from './era.js';
export * from './capabilities.js';
export * from './filter.js';
export * from './lint/findings.js';
export * from './memory.js';
export * from './limits.js';
export { isRecord } from './is-record.js';
export * from './apps.js';
export * from './app-csp.js';
export {
  TRACEPARENT_KEY,
  TRACESTATE_KEY,
  TRACEPARENT_PATH,
  TRACESTATE_PATH,
  MAX_TRACESTATE,
  parseTraceparent,
  formatTraceparent,
  cleanTracestate,
  messageTraceContext,
  type TraceParent,
} from './otel/trace-context.js';
export { SPAN_CAPS, SPAN_KINDS, capServerSpan, capText, isSpanId, isTraceId, spanAttribute } from './otel/span-caps.js';
export { spansFromOtlp, unixNanoToMs, type OtlpReadOptions, type OtlpReadResult } from './otel/otlp-spans.js';
export { SpanTree, type SpanNode } from './otel/span-tree.js';
export { OTLP_RECEIVER_PATH, OTLP_SECRET_HEADER, SECRET_PLACEHOLDER, serverSpanEnv } from './otel/server-span-env.js';
export * from './request-target.js';
export * from './negotiation.js';
export * from './tool-input.js';
export { isTerminalTaskStatus } from './task-status.js';
export { Listeners } from './listeners.js';
