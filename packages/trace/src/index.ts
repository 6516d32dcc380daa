export { TraceError, type TraceErrorCode } from './errors.js';
export {
  TRACE_FORMAT,
  TRACE_VERSION,
  TraceHeaderSchema,
  makeHeader,
  RecordedTargetSchema,
  recordedTarget,
  type RecordedTarget,
  type TraceHeader,
  type TraceHeaderMeta,
} from './header.js';
export { SessionEventSchema, parseEvent } from './event-schema.js';
export { REDACTED, mayRedact, redact, redactEvent, redactSecretValues, redactString, type RedactOptions } from './redact.js';
export {
  MIN_SECRET_LENGTH,
  SecretValues,
  isSecretName,
  looksLikeCredential,
  neverSecret,
  secretValuesFrom,
  type SecretSource,
} from './secret-values.js';
export { TOO_DEEP, capDepth, mapJson, safeStringify, type JsonMapper } from './json-walk.js';
export { TraceWriter, traceWriteFinding, type TraceSink, type TraceWriteStage, type TraceWriterOptions } from './writer.js';
export {
  TraceReader,
  parseTrace,
  MAX_TRACE_LINE,
  tooLongWarning,
  tooDeepWarning,
  type ParsedTrace,
  type TraceReaderOptions,
} from './reader.js';
export { exchangesOf, type Exchange } from './exchanges.js';
export {
  compareValues,
  compareDetailed,
  canonicalParams,
  type CompareOptions,
  type Comparison,
  type Difference,
  type IgnoredDifference,
} from './compare.js';
export {
  anyIndexPointer,
  expectedStringDifference,
  markMatches,
  pointerMatches,
  scopedMark,
  type IgnoreReason,
} from './expected-differences.js';
export { diffTraces, type TraceDiff, type MatchedExchange } from './diff-traces.js';
export { MockIndex, type MockLookup, type RecordedAnswer } from './mock-index.js';
export { toHar } from './har.js';
