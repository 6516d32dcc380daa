/**
 * The demo server's OpenTelemetry, loaded only when an OTLP endpoint is configured
 * (demoTelemetry.ts): a SERVER span per request it receives (MCP semantic conventions, the
 * client's `params._meta.traceparent` as its parent), and child spans inside tools. Exported over
 * OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT.
 */
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

type Message = Record<string, unknown>;

const propagator = new W3CTraceContextPropagator();
const getter = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) =>
    Object.hasOwn(carrier, key) && typeof carrier[key] === 'string' ? (carrier[key] as string) : undefined,
};
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface DemoTracing {
  /** A message from the client: a request starts its SERVER span, then `deliver` runs. */
  received(message: Message, deliver: () => void): void;
  /** A message to the client: a response ends its request's span. */
  sending(message: Message): void;
  /** A child span inside a tool, under the request's SERVER span (or the client's context). */
  inSpan<R>(request: { id: unknown; meta?: unknown }, name: string, attributes: Attributes, fn: () => Promise<R> | R): Promise<R>;
  shutdown(): Promise<void>;
}

/** The client's trace context from a `_meta` bag (W3C, as the conventions carry it). */
function remoteParent(meta: unknown): Context {
  return isRecord(meta) ? propagator.extract(ROOT_CONTEXT, meta, getter) : ROOT_CONTEXT;
}

export function startTracing(transport: 'pipe' | 'tcp'): DemoTracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || 'mcpscope-demo-server',
      'service.version': '0.1.0',
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const tracer = provider.getTracer('mcpscope-demo-server', '0.1.0');
  const open = new Map<string, { span: Span; method: string }>();
  const key = (id: unknown) => `${typeof id}:${String(id)}`;
  return {
    received(message, deliver) {
      const { method, id } = message;
      const params = isRecord(message.params) ? message.params : {};
      if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return deliver();
      const target = (method === 'tools/call' || method === 'prompts/get') && typeof params.name === 'string' ? params.name : undefined;
      const attributes: Attributes = { 'mcp.method.name': method, 'jsonrpc.request.id': String(id), 'network.transport': transport };
      if (method === 'tools/call' && target)
        Object.assign(attributes, { 'gen_ai.tool.name': target, 'gen_ai.operation.name': 'execute_tool' });
      if (method === 'prompts/get' && target) attributes['gen_ai.prompt.name'] = target;
      const parent = remoteParent(params._meta);
      const span = tracer.startSpan(target ? `${method} ${target}` : method, { kind: SpanKind.SERVER, attributes }, parent);
      open.set(key(id), { span, method });
      context.with(trace.setSpan(parent, span), deliver);
    },
    sending(message) {
      if (typeof message.method === 'string') return;
      const entry = open.get(key(message.id));
      if (!entry) return;
      open.delete(key(message.id));
      const { span, method } = entry;
      const error = isRecord(message.error) ? message.error : undefined;
      if (error) {
        const code = String(error.code);
        span.setAttributes({ 'error.type': code, 'rpc.response.status_code': code });
        span.setStatus({ code: SpanStatusCode.ERROR, message: typeof error.message === 'string' ? error.message : undefined });
      } else if (method === 'tools/call' && isRecord(message.result) && message.result.isError === true) {
        span.setAttribute('error.type', 'tool_error');
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
    async inSpan(request, name, attributes, fn) {
      const server = open.get(key(request.id))?.span;
      const parent = server ? trace.setSpan(ROOT_CONTEXT, server) : remoteParent(request.meta);
      return tracer.startActiveSpan(name, { attributes }, parent, async (span) => {
        try {
          return await fn();
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw err;
        } finally {
          span.end();
        }
      });
    },
    shutdown: () => provider.shutdown(),
  };
}
