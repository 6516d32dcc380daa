import { jsonTextTooDeep } from '@mcpscope/protocol';

/**
 * OTLP/HTTP trace export bodies, decoded by the official OpenTelemetry code: protobuf with the
 * protobufjs classes @opentelemetry/otlp-transformer generated from opentelemetry-proto (loaded the
 * first time a protobuf body comes), JSON with JSON.parse after a depth check. Both give the
 * OTLP/JSON shape (hex ids, int64 as text) that spansFromOtlp reads with its caps.
 */
export type OtlpEncoding = 'json' | 'protobuf';

/** Deepest JSON nesting a trace export needs (AnyValue lists nest; SPAN_CAPS keeps 3 levels of them). */
const MAX_OTLP_JSON_DEPTH = 64;

interface TraceMessages {
  ExportTraceServiceRequest: {
    decode(bytes: Uint8Array): unknown;
    toObject(message: unknown, options: { longs: typeof String; enums: typeof Number; bytes: typeof String }): Record<string, unknown>;
  };
  ExportTraceServiceResponse: {
    fromObject(value: unknown): unknown;
    encode(message: unknown): { finish(): Uint8Array };
  };
}

let messages: Promise<TraceMessages> | undefined;

function traceMessages(): Promise<TraceMessages> {
  messages ??= import('@opentelemetry/otlp-transformer/build/src/generated/root.js').then((mod) => {
    const root = ((mod as { default?: unknown }).default ?? mod) as {
      opentelemetry: { proto: { collector: { trace: { v1: TraceMessages } } } };
    };
    return root.opentelemetry.proto.collector.trace.v1;
  });
  return messages;
}

/** The encoding a Content-Type names, or undefined (415). */
export function otlpEncoding(contentType: string | undefined): OtlpEncoding | undefined {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  return undefined;
}

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** protobufjs gives bytes as base64; OTLP/JSON has trace and span ids in hex (walked iteratively: no recursion on sender input). */
function idsToHex(root: unknown): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (ID_FIELDS.has(key) && typeof value === 'string') record[key] = Buffer.from(value, 'base64').toString('hex');
      else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}

/** A decoded export request, or an Error saying why the body is not one (400). */
export async function decodeTraceRequest(body: Buffer, encoding: OtlpEncoding): Promise<unknown> {
  if (encoding === 'json') {
    const text = body.toString('utf8');
    if (jsonTextTooDeep(text, MAX_OTLP_JSON_DEPTH)) throw new Error(`the JSON body nests deeper than ${MAX_OTLP_JSON_DEPTH} levels`);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new Error(`the body is not JSON (${(err as Error).message})`);
    }
  }
  const { ExportTraceServiceRequest } = await traceMessages();
  let object: Record<string, unknown>;
  try {
    const decoded = ExportTraceServiceRequest.decode(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    object = ExportTraceServiceRequest.toObject(decoded, { longs: String, enums: Number, bytes: String });
  } catch (err) {
    // A malformed message, or one nested past the stack (RangeError): refused, nothing kept.
    throw new Error(`the body is not an OTLP ExportTraceServiceRequest (${String((err as Error).message).slice(0, 200)})`);
  }
  idsToHex(object);
  return object;
}

/** The ExportTraceServiceResponse, in the request's encoding (OTLP/HTTP: "the response body MUST be the same encoding"). */
export async function encodeTraceResponse(
  result: { rejected: number; message?: string },
  encoding: OtlpEncoding,
): Promise<Buffer | string> {
  const value = result.rejected > 0 ? { partialSuccess: { rejectedSpans: result.rejected, errorMessage: result.message ?? '' } } : {};
  if (encoding === 'json')
    return JSON.stringify(
      value.partialSuccess ? { partialSuccess: { rejectedSpans: String(result.rejected), errorMessage: result.message ?? '' } } : {},
    );
  const { ExportTraceServiceResponse } = await traceMessages();
  return Buffer.from(ExportTraceServiceResponse.encode(ExportTraceServiceResponse.fromObject(value)).finish());
}
