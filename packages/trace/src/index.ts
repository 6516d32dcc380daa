export { TraceError, type TraceErrorCode } from './errors.js';
export { TRACE_FORMAT, TRACE_VERSION, TraceHeaderSchema, makeHeader, type TraceHeader, type TraceHeaderMeta } from './header.js';
export { SessionEventSchema, parseEvent } from './event-schema.js';
export { REDACTED, redact, redactEvent, redactString, type RedactOptions } from './redact.js';
export { TraceWriter, type TraceSink, type TraceWriterOptions } from './writer.js';
export { TraceReader, parseTrace, type ParsedTrace } from './reader.js';
