export { Engine, type EngineOptions } from './session/engine.js';
export { DEFAULT_MEMORY_BUDGET, eventSize } from '@mcpscope/protocol';
export { EventWindow, type PageCounts, type WindowOptions } from './events/event-window.js';
export { SpillDir, SpillFile, removeStaleSpillDirs } from './events/spill.js';
export { Session } from './session/session.js';
export type { ToolDefinition } from './session/tool-catalog.js';
export { EngineError, type EngineErrorCode } from './errors/errors.js';
export { isProcessAlive, stopProcessTree } from './transports/process-tree.js';
export { parseStdoutLine, type StdoutLine } from './transports/stdout-line.js';
export { lineCapDetail, LineSplitter, MAX_STDIO_LINE_BYTES } from './transports/line-splitter.js';
export { answerHeadless, type HeadlessAnswers } from './server-requests/headless-answers.js';
export { flaggedFrames, strayOutput, type StrayOutputOptions } from './transports/stray-output.js';
export { MAX_HTTP_MESSAGE_BYTES } from './transports/capped-body.js';
export { DEFAULT_PROBE_TIMEOUT_MS } from './transports/stdio-tap.js';
export { handOffStdioServers } from './transports/stdio-process.js';
export { INHERITED_ENV_VARS } from './transports/server-env.js';
export { LOG_LEVELS } from './session/types.js';
export type * from './session/types.js';
export * from './oauth/index.js';
export * from './check/index.js';
export * from './traces/index.js';
export type { SessionView } from './session/engine.js';
export { attachRecorder, flushRecordings, replayableConfig } from './traces/recorder.js';
export { eventJson } from './events/event-json.js';
export { sharedSchemaValidator } from './requests/schema-validator.js';
export { replayTrace, type ReplayReport, type ReplayStep, type ReplayOptions } from './replay/replay.js';
export { formatReplay, replayJUnit } from './replay/format.js';
export { installBackstop, sessionScope, type BackstopTarget } from './session/backstop.js';
export { withOrigin, ambientOrigin, answerReason, UNATTRIBUTED } from './origin/origin.js';
export { taskSupportOf } from './tasks/index.js';
export type * from './tasks/types.js';
export {
  Telemetry,
  type TelemetryOptions,
  type ExportStatus,
  type ExportState,
  type SpanSource,
  type SpanTracker,
} from './otel/telemetry.js';
export { telemetryOptions, type TelemetryFlags } from './otel/telemetry-options.js';
export { newTraceIdentity, type TraceIdentity } from './otel/identity.js';
export {
  traceToOtlp,
  otlpOfEvents,
  traceIdentityOf,
  type OfflineOtlp,
  type OfflineOtlpOptions,
  type OtlpSessionMeta,
} from './otel/offline-otlp.js';
export { SEMCONV_VERSION } from './otel/semconv.js';
export { SERVER_SPAN_LIMITS, ServerSpanIntake, SpanReceivers, type ReceiveResult } from './otel/server-spans.js';
