import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import root from '@opentelemetry/otlp-transformer/build/src/generated/root.js';

/**
 * A test OTLP/HTTP receiver built from the official OpenTelemetry code: every body is decoded by
 * the protobufjs classes @opentelemetry/otlp-transformer generates from opentelemetry-proto
 * (protobuf directly; OTLP/JSON through `fromObject`, its hex ids turned to bytes as the
 * OTLP/JSON mapping says). A body those classes refuse fails the test. Not mcpscope's receiver.
 */
interface ProtoType {
  decode(bytes: Uint8Array): unknown;
  fromObject(value: unknown): unknown;
  toObject(message: unknown, options: object): Record<string, unknown>;
}
const proto = (
  root as unknown as {
    opentelemetry: { proto: { collector: { trace: { v1: Record<string, ProtoType> }; metrics: { v1: Record<string, ProtoType> } } } };
  }
).opentelemetry.proto.collector;
const TraceRequest = proto.trace.v1.ExportTraceServiceRequest;
const MetricsRequest = proto.metrics.v1.ExportMetricsServiceRequest;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SpanKind of opentelemetry-proto: 1 INTERNAL, 2 SERVER, 3 CLIENT. */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string };
  links: Array<{ traceId: string; spanId: string }>;
  events: Array<{ name: string }>;
  service: string;
  scope: string;
  schemaUrl?: string;
}

const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** OTLP/JSON ids are hex; protobuf's JSON form (what fromObject reads) has bytes as base64. */
function hexIdsToBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIdsToBytes);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = ID_KEYS.has(k) && typeof v === 'string' ? Buffer.from(v, 'hex').toString('base64') : hexIdsToBytes(v);
  return out;
}

function anyValue(v: Record<string, unknown> | undefined): unknown {
  if (!v) return undefined;
  if ('stringValue' in v) return v.stringValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('boolValue' in v) return v.boolValue;
  if ('arrayValue' in v) return ((v.arrayValue as { values?: Array<Record<string, unknown>> }).values ?? []).map(anyValue);
  return v;
}

function attributes(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of (list as Array<{ key: string; value: Record<string, unknown> }> | undefined) ?? []) out[kv.key] = anyValue(kv.value);
  return out;
}

const hex = (b64: unknown) => (typeof b64 === 'string' && b64 ? Buffer.from(b64, 'base64').toString('hex') : undefined);

function flatten(object: Record<string, unknown>): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of (object.resourceSpans as Array<Record<string, unknown>> | undefined) ?? []) {
    const resource = attributes((rs.resource as { attributes?: unknown } | undefined)?.attributes);
    for (const ss of (rs.scopeSpans as Array<Record<string, unknown>> | undefined) ?? []) {
      const scope = (ss.scope as { name?: string } | undefined)?.name ?? '';
      for (const s of (ss.spans as Array<Record<string, unknown>> | undefined) ?? []) {
        const parent = hex(s.parentSpanId);
        out.push({
          traceId: hex(s.traceId)!,
          spanId: hex(s.spanId)!,
          ...(parent ? { parentSpanId: parent } : {}),
          name: s.name as string,
          kind: (s.kind as number) ?? 0,
          startTimeUnixNano: String(s.startTimeUnixNano),
          endTimeUnixNano: String(s.endTimeUnixNano),
          attributes: attributes(s.attributes),
          status: {
            code: (s.status as { code?: number } | undefined)?.code ?? 0,
            ...((s.status as { message?: string } | undefined)?.message ? { message: (s.status as { message: string }).message } : {}),
          },
          links: ((s.links as Array<Record<string, unknown>> | undefined) ?? []).map((l) => ({
            traceId: hex(l.traceId)!,
            spanId: hex(l.spanId)!,
          })),
          events: ((s.events as Array<{ name: string }> | undefined) ?? []).map((e) => ({ name: e.name })),
          service: String(resource['service.name']),
          scope,
          ...(typeof ss.schemaUrl === 'string' && ss.schemaUrl ? { schemaUrl: ss.schemaUrl } : {}),
        });
      }
    }
  }
  return out;
}

const TO_OBJECT = { longs: String, enums: Number, bytes: String };

/** fromObject throws on a field of the wrong shape (its `verify` would also refuse int64 written as strings, which the OTLP/JSON mapping requires). */
function decodeJson(type: ProtoType, text: string): Record<string, unknown> {
  return type.toObject(type.fromObject(hexIdsToBytes(JSON.parse(text))), TO_OBJECT);
}

/** Spans of an OTLP/JSON trace export (a file of `mcpscope export --format otlp`, a request body). */
export function decodeOtlpJsonSpans(text: string): ReceivedSpan[] {
  return flatten(decodeJson(TraceRequest, text));
}

export function decodeOtlpProtobufSpans(bytes: Uint8Array): ReceivedSpan[] {
  return flatten(TraceRequest.toObject(TraceRequest.decode(bytes), TO_OBJECT));
}

export interface TestReceiver {
  /** The base endpoint (`--otlp-endpoint`). */
  url: string;
  spans: ReceivedSpan[];
  /** Metric names and their data points' attributes. */
  metrics: Array<{ name: string; attributes: Array<Record<string, unknown>>; bounds?: number[] }>;
  /** Bodies the official classes refused. */
  errors: string[];
  /** While set, answers every request with this status (a collector that is down or overloaded). */
  failWith?: number;
  close(): Promise<void>;
}

export async function startOtlpTestReceiver(): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', spans: [], metrics: [], errors: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (receiver.failWith) return void res.writeHead(receiver.failWith).end();
      const body = Buffer.concat(chunks);
      const json = (req.headers['content-type'] ?? '').startsWith('application/json');
      try {
        if (req.url === '/v1/traces')
          receiver.spans.push(...(json ? decodeOtlpJsonSpans(body.toString('utf8')) : decodeOtlpProtobufSpans(body)));
        else if (req.url === '/v1/metrics') {
          const object = json
            ? decodeJson(MetricsRequest, body.toString('utf8'))
            : MetricsRequest.toObject(MetricsRequest.decode(body), TO_OBJECT);
          for (const rm of (object.resourceMetrics as Array<Record<string, unknown>> | undefined) ?? []) {
            for (const sm of (rm.scopeMetrics as Array<Record<string, unknown>> | undefined) ?? []) {
              for (const m of (sm.metrics as Array<Record<string, unknown>> | undefined) ?? []) {
                const points = (m.histogram as { dataPoints?: Array<Record<string, unknown>> } | undefined)?.dataPoints ?? [];
                receiver.metrics.push({
                  name: m.name as string,
                  attributes: points.map((p) => attributes(p.attributes)),
                  bounds: points[0]?.explicitBounds as number[] | undefined,
                });
              }
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        receiver.errors.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
