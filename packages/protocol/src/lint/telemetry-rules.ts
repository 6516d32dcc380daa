import type { ServerSpan } from '../events.js';
import { spanAttribute } from '../otel/span-caps.js';
import type { RuleMeta } from './rule.js';
import type { SentRequest, TelemetryState } from './telemetry-state.js';

/**
 * Findings on the spans a server exports to mcpscope, where they claim the OpenTelemetry MCP
 * semantic conventions (an `mcp.*` attribute, or a name that starts with an MCP method) and break
 * them. The conventions are status Development and their words are SHOULD, or a Required
 * attribute of a Development convention: every finding is a warning. The quotes are from the
 * vendored page (packages/protocol/spec/otel-semconv/v1.41.1/gen-ai/mcp.md).
 */
export interface SpanRule extends RuleMeta {
  onSpan(span: ServerSpan, state: TelemetryState): string | string[] | undefined;
}

const PAGE = 'otel-semconv/v1.41.1/gen-ai/mcp';

const MCP_METHOD =
  /^(initialize|ping|(tools|resources|prompts|completion|logging|sampling|elicitation|roots|tasks|server|subscriptions|notifications)\/[A-Za-z_/]+)$/;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const quoteName = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** The MCP method a span names itself after (`tools/call echo` → `tools/call`), if any. */
function methodInName(span: ServerSpan): string | undefined {
  const first = span.name.split(' ', 1)[0]!;
  return MCP_METHOD.test(first) ? first : undefined;
}

function claimsMcp(span: ServerSpan): boolean {
  return methodInName(span) !== undefined || span.attributes.some((a) => a.key.startsWith('mcp.'));
}

/** The request of ours this span is the server's side of: its parent is the span our request announced. */
function requestOf(span: ServerSpan, state: TelemetryState): SentRequest | undefined {
  return span.parentSpanId === undefined ? undefined : state.bySpanId.get(span.parentSpanId);
}

export const otelMethodName: SpanRule = {
  id: 'otel-mcp-method-name',
  severity: 'warning',
  spec: `${PAGE}#server`,
  quote: '`mcp.method.name` | `Required` | string | The name of the request or notification method.',
  description: 'A span named after an MCP method carries the Required attribute mcp.method.name (OpenTelemetry MCP semantic conventions).',
  onSpan: (span) => {
    const method = methodInName(span);
    if (method === undefined || spanAttribute(span, 'mcp.method.name') !== undefined) return undefined;
    return `span ${quoteName(span.name)} is named after ${method} but has no mcp.method.name attribute`;
  },
};

export const otelSpanName: SpanRule = {
  id: 'otel-mcp-span-name',
  severity: 'warning',
  spec: `${PAGE}#server`,
  quote:
    'Span name SHOULD follow the format `{mcp.method.name} {target}` where target SHOULD match `{gen_ai.tool.name}` or `{gen_ai.prompt.name}` when applicable.',
  description: 'An MCP span is named `{mcp.method.name}` or `{mcp.method.name} {target}`.',
  onSpan: (span) => {
    const method = text(spanAttribute(span, 'mcp.method.name'));
    if (method === undefined || span.name === method || span.name.startsWith(`${method} `)) return undefined;
    return `span ${quoteName(span.name)} has mcp.method.name ${quoteName(method)}: its name should be "${method}" or "${method} {target}"`;
  },
};

export const otelSpanKind: SpanRule = {
  id: 'otel-mcp-span-kind',
  severity: 'warning',
  spec: `${PAGE}#server`,
  quote: 'Span kind SHOULD be `SERVER`.',
  description:
    "The server's span for a request it received (the child of the span mcpscope announced in params._meta.traceparent) is of kind SERVER.",
  onSpan: (span, state) => {
    const request = requestOf(span, state);
    if (!request || !claimsMcp(span) || span.kind === 'server') return undefined;
    return `span ${quoteName(span.name)} handles ${request.method} (request #${request.seq}) but its kind is ${span.kind.toUpperCase()}`;
  },
};

export const otelRequestId: SpanRule = {
  id: 'otel-jsonrpc-request-id',
  severity: 'warning',
  spec: `${PAGE}#server`,
  quote:
    '`jsonrpc.request.id` | `Conditionally Required` When the client executes a request. | string | A string representation of the `id` property of the request and its corresponding response.',
  description: "A server span in mcpscope's trace names, in jsonrpc.request.id, a request mcpscope sent.",
  onSpan: (span, state) => {
    const id = spanAttribute(span, 'jsonrpc.request.id');
    if (span.kind !== 'server' || id === undefined || !state.traceIds.has(span.traceId) || !claimsMcp(span)) return undefined;
    const key = typeof id === 'string' ? id : JSON.stringify(id);
    if (state.byRequestId.has(key)) {
      const request = requestOf(span, state);
      if (!request || request.id === key) return undefined;
      return `span ${quoteName(span.name)} is the server's side of request #${request.seq} (id ${quoteName(request.id)}) but says jsonrpc.request.id ${quoteName(key)}`;
    }
    return `span ${quoteName(span.name)} says jsonrpc.request.id ${quoteName(key)}, an id mcpscope never sent in this session`;
  },
};

/** How far past the answer a server span may end before it is "outliving" it: the request's own time, at least a second. */
const OUTLIVE_SLACK_MS = 1000;

export const otelServerDuration: SpanRule = {
  id: 'otel-mcp-server-span-duration',
  severity: 'warning',
  spec: `${PAGE}#metric-mcpserveroperationduration`,
  quote: 'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
  description: "The server's span for a request ends when it sends the answer, not long after mcpscope received it.",
  onSpan: (span, state) => {
    const request = requestOf(span, state);
    if (!request || request.answeredAt === undefined || span.kind !== 'server') return undefined;
    const slack = Math.max(OUTLIVE_SLACK_MS, request.answeredAt - request.t);
    const late = span.end - request.answeredAt;
    if (late <= slack) return undefined;
    return `span ${quoteName(span.name)} ends ${Math.round(late)} ms after mcpscope received the answer to request #${request.seq}`;
  },
};

export const otelErrorType: SpanRule = {
  id: 'otel-mcp-error-type',
  severity: 'warning',
  spec: `${PAGE}#server`,
  quote: 'This attribute SHOULD be set to the string representation of the JSON-RPC error code, if one is returned.',
  description: "The server's span for a request it answered with a JSON-RPC error (or a tools/call isError result) carries error.type.",
  onSpan: (span, state) => {
    const request = requestOf(span, state);
    if (!request || span.kind !== 'server' || spanAttribute(span, 'error.type') !== undefined) return undefined;
    if (request.errorCode !== undefined)
      return `span ${quoteName(span.name)} has no error.type, but request #${request.seq} was answered with JSON-RPC error ${request.errorCode}`;
    if (request.isError)
      return `span ${quoteName(span.name)} has no error.type, but request #${request.seq} (tools/call) returned isError: true (error.type SHOULD be "tool_error")`;
    return undefined;
  },
};

export const SPAN_RULES: readonly SpanRule[] = [
  otelMethodName,
  otelSpanName,
  otelSpanKind,
  otelRequestId,
  otelServerDuration,
  otelErrorType,
];
