import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { DemoTracing } from './tracing.js';

/**
 * Optional OpenTelemetry for the demo server: on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (and OTEL_TRACES_EXPORTER is not `none`), e.g. by mcpscope's
 * "collect server spans". Off, nothing of OpenTelemetry is loaded and the helpers below do nothing.
 */
let tracing: DemoTracing | undefined;

export function telemetryWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Loads the SDK and starts exporting, when wanted. `transport`: the network.transport of the server spans. */
export async function startDemoTelemetry(transport: 'pipe' | 'tcp'): Promise<void> {
  if (tracing || !telemetryWanted()) return;
  const { startTracing } = await import('./tracing.js');
  tracing = startTracing(transport);
}

/** Sends the spans still queued (the process is about to exit). */
export async function stopDemoTelemetry(): Promise<void> {
  await tracing?.shutdown();
}

/**
 * A child span inside a tool, under the SERVER span of the request (`ctx.mcpReq`); without
 * telemetry it just runs `fn`.
 */
export function inSpan<R>(
  request: { id: unknown; _meta?: unknown },
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: () => Promise<R> | R,
): Promise<R> {
  if (!tracing) return Promise.resolve().then(fn);
  return tracing.inSpan({ id: request.id, meta: request._meta }, name, attributes, fn);
}

type MessageHandler = NonNullable<Transport['onmessage']>;

/** A transport whose requests become SERVER spans (when telemetry is on; else `inner` itself). */
export function tracedTransport(inner: Transport): Transport {
  const t = tracing;
  if (!t) return inner;
  let handler: MessageHandler | undefined;
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) =>
    t.received(message as Record<string, unknown>, () => handler?.(message, extra));
  return {
    get onmessage() {
      return handler;
    },
    set onmessage(h: MessageHandler | undefined) {
      handler = h;
    },
    get onclose() {
      return inner.onclose;
    },
    set onclose(h) {
      inner.onclose = h;
    },
    get onerror() {
      return inner.onerror;
    },
    set onerror(h) {
      inner.onerror = h;
    },
    get sessionId() {
      return inner.sessionId;
    },
    start: () => inner.start(),
    close: () => inner.close(),
    send(message: JSONRPCMessage, options?: TransportSendOptions) {
      t.sending(message as Record<string, unknown>);
      return inner.send(message, options);
    },
    setProtocolVersion: (version: string) => inner.setProtocolVersion?.(version),
  } as Transport;
}
