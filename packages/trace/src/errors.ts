/** Local errors of the trace package (string codes; see docs/ARCHITECTURE.md, "Errors: three families and the catalogue"). */
export type TraceErrorCode = 'TRACE_NO_HEADER' | 'TRACE_BAD_HEADER' | 'TRACE_UNSUPPORTED_VERSION' | 'TRACE_HEADER_WRITTEN';

export class TraceError extends Error {
  readonly code: TraceErrorCode;

  constructor(code: TraceErrorCode, message: string) {
    super(message);
    this.name = 'TraceError';
    this.code = code;
  }
}
