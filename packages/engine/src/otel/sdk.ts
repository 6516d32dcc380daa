/**
 * Everything of OpenTelemetry that runs, in one module loaded on demand (telemetry.ts and
 * offline-otlp.ts import it dynamically): with export off nothing of it is loaded, so a plain
 * `mcpscope call` pays nothing for it.
 */
import { SpanKind, SpanStatusCode, TraceFlags, type Attributes, type Link, type SpanContext } from '@opentelemetry/api';
import { ExportResultCode, hrTimeDuration, millisToHrTime, TraceState, type ExportResult } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ServerSpan, SpanValue } from '@mcpscope/protocol';
import * as C from './semconv.js';
import type { OperationRecord, SpanRecord } from './session-spans.js';

const SCOPE = { name: 'mcpscope', version: '0.1.0', schemaUrl: C.SEMCONV_SCHEMA_URL };
const KIND = { client: SpanKind.CLIENT, server: SpanKind.SERVER, internal: SpanKind.INTERNAL } as const;
const SERVER_KIND: Record<ServerSpan['kind'], SpanKind> = {
  unspecified: SpanKind.INTERNAL,
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

/** mcpscope's resource: `service.name` (OTEL_SERVICE_NAME, else "mcpscope"), and OTEL_RESOURCE_ATTRIBUTES. */
export function mcpscopeResource(serviceName: string): Resource {
  return detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [C.ATTR_SERVICE_NAME]: serviceName, [C.ATTR_SERVICE_VERSION]: SCOPE.version }),
  );
}

function context(traceId: string, spanId: string, traceState?: string, isRemote = false): SpanContext {
  const out: SpanContext = { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote };
  if (traceState) out.traceState = new TraceState(traceState);
  return out;
}

const UNSET = { code: SpanStatusCode.UNSET };
const NO_LINKS: Link[] = [];

/** A span of mcpscope's as the SDK's ReadableSpan; `epochStart`: the session's start, epoch ms. */
export function readableSpan(record: SpanRecord, epochStart: number, resource: Resource): ReadableSpan {
  const startTime = millisToHrTime(epochStart + record.start);
  const endTime = millisToHrTime(epochStart + record.end);
  const own = context(record.traceId, record.spanId, record.traceState);
  // Built property by property (the export's hot path; see session-spans.ts).
  const span: { -readonly [K in keyof ReadableSpan]: ReadableSpan[K] } = {
    name: record.name,
    kind: KIND[record.kind],
    spanContext: () => own,
    parentSpanContext: undefined,
    startTime,
    endTime,
    duration: hrTimeDuration(startTime, endTime),
    status: record.error ? { code: SpanStatusCode.ERROR, message: record.error.message } : UNSET,
    attributes: record.attributes,
    links: record.links ? record.links.map((l): Link => ({ context: context(l.traceId, l.spanId) })) : NO_LINKS,
    events: [],
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
  if (record.parentSpanId) span.parentSpanContext = context(record.traceId, record.parentSpanId, record.traceState, true);
  return span;
}

/** An attribute value the SDK can carry: nested lists and maps become JSON text. */
function attributeValue(value: SpanValue): Attributes[string] {
  if (value === null) return undefined;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return JSON.stringify(value);
}

function attributes(list: ServerSpan['attributes'] | undefined): Attributes {
  const out: Attributes = {};
  for (const { key, value } of list ?? []) if (!Object.hasOwn(out, key)) out[key] = attributeValue(value);
  return out;
}

/** A span the server sent to mcpscope's receiver, as recorded (capped), for the same OTLP export as mcpscope's own. */
export function readableServerSpan(span: ServerSpan, epochStart: number, resources: Map<string, Resource>): ReadableSpan {
  const service = span.service ?? 'unknown_service';
  let resource = resources.get(service);
  if (!resource) resources.set(service, (resource = resourceFromAttributes({ [C.ATTR_SERVICE_NAME]: service })));
  const startTime = millisToHrTime(epochStart + span.start);
  const endTime = millisToHrTime(epochStart + span.end);
  const own = context(span.traceId, span.spanId);
  return {
    name: span.name,
    kind: SERVER_KIND[span.kind],
    spanContext: () => own,
    ...(span.parentSpanId ? { parentSpanContext: context(span.traceId, span.parentSpanId, undefined, true) } : {}),
    startTime,
    endTime,
    duration: hrTimeDuration(startTime, endTime),
    status: span.status
      ? {
          code: span.status.code === 'error' ? SpanStatusCode.ERROR : SpanStatusCode.OK,
          ...(span.status.message ? { message: span.status.message } : {}),
        }
      : { code: SpanStatusCode.UNSET },
    attributes: attributes(span.attributes),
    links: (span.links ?? []).map((l): Link => ({ context: context(l.traceId, l.spanId) })),
    events: (span.events ?? []).map((e) => ({
      name: e.name,
      time: millisToHrTime(epochStart + e.time),
      attributes: attributes(e.attributes),
    })),
    ended: true,
    resource,
    instrumentationScope: { name: span.scope ?? 'unknown' },
    droppedAttributesCount: span.dropped ?? 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** OTLP/JSON (ExportTraceServiceRequest) of these spans, by the official serializer. */
export function otlpJson(spans: ReadableSpan[]): string {
  const bytes = JsonTraceSerializer.serializeRequest(spans);
  return bytes ? Buffer.from(bytes).toString('utf8') : '{"resourceSpans":[]}';
}

export interface LiveExportOptions {
  /** Base endpoint (as OTEL_EXPORTER_OTLP_ENDPOINT): /v1/traces and /v1/metrics are appended. Absent: the exporters read the OTEL_* variables. */
  endpoint?: string;
  headers?: Record<string, string>;
  serviceName: string;
  /** Each export's result: ok, or the error that failed it. */
  onResult(ok: boolean, error?: string): void;
}

export interface LiveExport {
  span(record: SpanRecord, epochStart: number): void;
  /** A server's span, passed on to the collector with its own service name. */
  serverSpan(span: ServerSpan, epochStart: number): void;
  operation(op: OperationRecord): void;
  /** Exports what is queued, then stops; waits at most `ms`. False when that was not long enough. */
  shutdown(ms: number): Promise<boolean>;
}

const endpointOf = (base: string | undefined, path: string): string | undefined =>
  base === undefined ? undefined : `${base.replace(/\/+$/, '')}${path}`;

/**
 * The live export: a BatchSpanProcessor (bounded queue, batches sent on a timer, off the
 * session's path) over the OTLP/HTTP exporter, and the duration histograms over the OTLP/HTTP
 * metric exporter. An endpoint that fails loses spans, never anything of the session.
 */
export function startLiveExport(opts: LiveExportOptions): LiveExport {
  const resource = mcpscopeResource(opts.serviceName);
  const traces = new OTLPTraceExporter({
    ...(opts.endpoint ? { url: endpointOf(opts.endpoint, '/v1/traces') } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    timeoutMillis: 5000,
  });
  const watched: SpanExporter = {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      traces.export(spans, (result) => {
        opts.onResult(result.code === ExportResultCode.SUCCESS, result.error?.message);
        done(result);
      });
    },
    shutdown: () => traces.shutdown(),
    forceFlush: () => traces.forceFlush(),
  };
  const processor = new BatchSpanProcessor(watched, {
    maxQueueSize: 2048,
    maxExportBatchSize: 512,
    scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY) > 0 ? Number(process.env.OTEL_BSP_SCHEDULE_DELAY) : 1000,
    exportTimeoutMillis: 10_000,
  });
  const metricExporter = new OTLPMetricExporter({
    ...(opts.endpoint ? { url: endpointOf(opts.endpoint, '/v1/metrics') } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    timeoutMillis: 5000,
  });
  const meters = new MeterProvider({
    resource,
    readers: [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 30_000 })],
  });
  const meter = meters.getMeter(SCOPE.name, SCOPE.version, { schemaUrl: SCOPE.schemaUrl });
  const advice = { explicitBucketBoundaries: C.DURATION_BUCKETS };
  const histograms = {
    [C.METRIC_MCP_CLIENT_OPERATION_DURATION]: meter.createHistogram(C.METRIC_MCP_CLIENT_OPERATION_DURATION, {
      unit: 's',
      description:
        'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
      advice,
    }),
    [C.METRIC_MCP_SERVER_OPERATION_DURATION]: meter.createHistogram(C.METRIC_MCP_SERVER_OPERATION_DURATION, {
      unit: 's',
      description:
        'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
      advice,
    }),
    [C.METRIC_MCP_CLIENT_SESSION_DURATION]: meter.createHistogram(C.METRIC_MCP_CLIENT_SESSION_DURATION, {
      unit: 's',
      description: 'The duration of the MCP session as observed on the MCP client.',
      advice,
    }),
  };
  const serverResources = new Map<string, Resource>();
  return {
    span: (record, epochStart) => processor.onEnd(readableSpan(record, epochStart, resource)),
    serverSpan: (span, epochStart) => processor.onEnd(readableServerSpan(span, epochStart, serverResources)),
    operation: (op) => histograms[op.metric].record(op.seconds, op.attributes),
    async shutdown(ms) {
      const stop = Promise.allSettled([processor.shutdown(), meters.shutdown()]).then(() => true);
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([stop, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
      clearTimeout(timer);
      return done;
    },
  };
}
