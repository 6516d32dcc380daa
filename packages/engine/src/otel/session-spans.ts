import {
  isRecord,
  idKey,
  messageTraceContext,
  ownValue,
  TRACEPARENT_PATH,
  type FrameEvent,
  type JsonRpcMessage,
  type SessionEvent,
} from '@mcpscope/protocol';
import { spanIdOf, type TraceIdentity } from './identity.js';
import {
  answerOutcome,
  cleanText,
  messageAttributes,
  spanName,
  transportAttributes,
  type AttributeRules,
  type Attributes,
} from './span-attributes.js';
import * as C from './semconv.js';

/** A finished span, on the session's clock (ms since it started); exporters turn it into OTLP. */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  /** The parent's tracestate, passed on. */
  traceState?: string;
  name: string;
  kind: 'client' | 'server' | 'internal';
  start: number;
  end: number;
  attributes: Attributes;
  /** "Span status SHOULD be set to ERROR when error.type attribute is present." */
  error?: { message?: string };
  links?: Array<{ traceId: string; spanId: string }>;
}

/** One operation for the duration metrics (mcp.client/server.operation.duration, mcp.client.session.duration). */
export interface OperationRecord {
  metric:
    | typeof C.METRIC_MCP_CLIENT_OPERATION_DURATION
    | typeof C.METRIC_MCP_SERVER_OPERATION_DURATION
    | typeof C.METRIC_MCP_CLIENT_SESSION_DURATION;
  seconds: number;
  attributes: Attributes;
}

export interface SessionSpansOptions {
  identity: TraceIdentity;
  transport: 'stdio' | 'http' | 'sse';
  /** The server's URL (HTTP transports). */
  url?: string;
  /** The session span's name and what it says about the session (name, target), redacted by the rules. */
  session: { name: string; target: string; kind: string };
  rules: AttributeRules;
  onSpan(span: SpanRecord): void;
  onOperation?(op: OperationRecord): void;
}

interface Open {
  spanId: string;
  traceId: string;
  parentSpanId: string;
  traceState?: string;
  name: string;
  kind: 'client' | 'server';
  method: string;
  start: number;
  attributes: Attributes;
  links?: SpanRecord['links'];
}

/** Requests waiting for an answer that are remembered; past it the oldest is ended as unanswered. */
export const MAX_OPEN_REQUESTS = 10_000;

/**
 * Notification spans a session exports per second of its own clock, and the burst above that: a
 * server that floods notifications (progress, logs) would otherwise make the export cost more than
 * the session. Past it they are counted on the session span (`mcpscope.notifications.not_exported`);
 * requests are never left out. Measured on the events' `t`, so a trace file gives the same spans.
 */
export const NOTIFICATION_SPANS = { perSecond: 100, burst: 200 } as const;

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/**
 * The spans of one session, derived from its events as they happen, by the MCP semantic
 * conventions (semconv.ts): the session's own span as the parent, a CLIENT span per request or
 * notification mcpscope sent, a SERVER span per request or notification the server sent to
 * mcpscope (sampling, elicitation, roots, logging…). A notification's span has no duration (no
 * ack follows). The same events give the same spans, live or from a trace file: nothing here
 * reads a clock, and ids are the recorded ones (trace context mcpscope sent) or derived (spanIdOf).
 * App-channel frames (an MCP App ⇄ mcpscope) and raw lines are not MCP operations: no span.
 */
export class SessionSpans {
  private readonly open = new Map<string, Open>();
  private protocolVersion?: string;
  private mcpSessionId?: string;
  private lastT = 0;
  private failed?: string;
  private finished = false;
  private readonly transportAttrs: { client: Attributes; server: Attributes };
  /** common() per side, until what it holds changes. */
  private commonCache?: { client: Attributes; server: Attributes };
  private notificationTokens: number = NOTIFICATION_SPANS.burst;
  private notificationsAt = 0;
  private notificationsLeftOut = 0;

  constructor(private readonly opts: SessionSpansOptions) {
    this.transportAttrs = {
      client: transportAttributes(opts.transport, opts.url, 'client'),
      server: transportAttributes(opts.transport, opts.url, 'server'),
    };
  }

  observe(event: SessionEvent): void {
    if (this.finished) return;
    if (event.t > this.lastT) this.lastT = event.t;
    if (event.type === 'frame') {
      if (event.msg && event.channel !== 'app') this.frame(event, event.msg);
      return;
    }
    if (event.type === 'http') {
      const id = event.responseHeaders && headerValue(event.responseHeaders, 'mcp-session-id');
      if (id) this.setCommon(this.protocolVersion, cleanText(id, this.opts.rules, 256));
      return;
    }
    if (event.type === 'lifecycle' && event.phase === 'error' && event.message) this.failed ??= event.message;
    if (event.type === 'lifecycle' && event.phase === 'state' && event.state === 'connected') this.failed = undefined;
  }

  /**
   * Ends the session at `t` (default: its last event): requests still open end as unanswered, then
   * the session span. `failed`: the session never connected (its span gets ERROR and why).
   */
  finish(opts: { t?: number; failed?: boolean } = {}): void {
    if (this.finished) return;
    const t = Math.max(opts.t ?? this.lastT, this.lastT);
    for (const [key, open] of this.open) {
      this.open.delete(key);
      this.end(open, t, {}, { type: C.ERROR_TYPES.unanswered, message: 'the session ended before an answer came' });
    }
    this.finished = true;
    const attributes: Attributes = {
      ...this.common('client'),
      'mcpscope.session.name': cleanText(this.opts.session.name, this.opts.rules, 256),
      'mcpscope.session.target': cleanText(this.opts.session.target, this.opts.rules, 1024),
      'mcpscope.session.kind': this.opts.session.kind,
    };
    if (this.notificationsLeftOut > 0) attributes['mcpscope.notifications.not_exported'] = this.notificationsLeftOut;
    const failed = opts.failed ? (this.failed ?? 'the session failed') : undefined;
    if (failed) attributes[C.ATTR_ERROR_TYPE] = C.ERROR_TYPES.connectFailed;
    const { identity } = this.opts;
    this.opts.onSpan({
      traceId: identity.traceId,
      spanId: identity.spanId,
      ...(identity.parentSpanId ? { parentSpanId: identity.parentSpanId } : {}),
      ...(identity.traceState ? { traceState: identity.traceState } : {}),
      name: 'mcpscope session',
      kind: 'internal',
      start: 0,
      end: t,
      attributes,
      ...(failed ? { error: { message: cleanText(failed, this.opts.rules, 1024) } } : {}),
    });
    const sessionAttrs: Attributes = { ...this.common('client') };
    if (failed) sessionAttrs[C.ATTR_ERROR_TYPE] = C.ERROR_TYPES.connectFailed;
    this.opts.onOperation?.({ metric: C.METRIC_MCP_CLIENT_SESSION_DURATION, seconds: t / 1000, attributes: sessionAttrs });
  }

  /** Attributes every span of the session shares (transport, protocol version, MCP session id). */
  private common(side: 'client' | 'server'): Attributes {
    if (!this.commonCache) {
      const extra: Attributes = {};
      if (this.protocolVersion) extra[C.ATTR_MCP_PROTOCOL_VERSION] = this.protocolVersion;
      if (this.mcpSessionId) extra[C.ATTR_MCP_SESSION_ID] = this.mcpSessionId;
      this.commonCache = { client: { ...this.transportAttrs.client, ...extra }, server: { ...this.transportAttrs.server, ...extra } };
    }
    return this.commonCache[side];
  }

  private setCommon(version: string | undefined, mcpSessionId: string | undefined): void {
    if (version === this.protocolVersion && mcpSessionId === this.mcpSessionId) return;
    this.protocolVersion = version;
    this.mcpSessionId = mcpSessionId;
    this.commonCache = undefined;
  }

  /** Whether a notification at `t` fits the export's budget (NOTIFICATION_SPANS); counted when it does not. */
  private notificationFits(t: number): boolean {
    this.notificationTokens = Math.min(
      NOTIFICATION_SPANS.burst,
      this.notificationTokens + (Math.max(0, t - this.notificationsAt) / 1000) * NOTIFICATION_SPANS.perSecond,
    );
    this.notificationsAt = Math.max(this.notificationsAt, t);
    if (this.notificationTokens >= 1) {
      this.notificationTokens -= 1;
      return true;
    }
    this.notificationsLeftOut++;
    return false;
  }

  private frame(frame: FrameEvent, msg: JsonRpcMessage): void {
    const method = ownValue(msg, 'method');
    const id = ownValue(msg, 'id');
    if (typeof method === 'string') {
      this.learnVersion(frame, msg);
      if (typeof id === 'string' || typeof id === 'number') this.request(frame, msg, method, id);
      else this.notification(frame, msg, method);
      return;
    }
    if (typeof id !== 'string' && typeof id !== 'number') return;
    // An answer goes the other way: to a request mcpscope sent (`in`) or one it received (`out`).
    const key = `${frame.dir === 'in' ? 'out' : 'in'}:${idKey(id)}`;
    const open = this.open.get(key);
    if (!open) return;
    this.open.delete(key);
    if (open.method === 'initialize' && frame.dir === 'in') {
      const result = ownValue(msg, 'result');
      const version = isRecord(result) ? ownValue(result, 'protocolVersion') : undefined;
      if (typeof version === 'string') this.setCommon(cleanText(version, this.opts.rules, 64), this.mcpSessionId);
    }
    const outcome = answerOutcome(open.method, msg, this.opts.rules);
    this.end(open, frame.t, outcome.attributes, outcome.error);
  }

  private learnVersion(frame: FrameEvent, msg: JsonRpcMessage): void {
    if (frame.dir !== 'out') return;
    const p = ownValue(msg, 'params');
    const meta = isRecord(p) ? ownValue(p, '_meta') : undefined;
    const version = isRecord(meta) ? ownValue(meta, PROTOCOL_VERSION_META) : undefined;
    if (typeof version === 'string' && version !== this.protocolVersion)
      this.setCommon(cleanText(version, this.opts.rules, 64), this.mcpSessionId);
  }

  /**
   * Who the span's parent is: the trace context mcpscope sent (its span is the one named there);
   * a context the sender put there itself (a host's, through `wrap`; the server's, in a request
   * it sends) — then it is the parent, and the session span is linked; else the session span.
   */
  // The hot path (one call per frame) builds its objects property by property: an object spread
  // followed by more properties cost 10-20 times as much on Node 20.
  private open_(frame: FrameEvent, msg: JsonRpcMessage, method: string, kind: Open['kind']): Open {
    const { identity } = this.opts;
    const context = messageTraceContext(msg);
    const open: Open = {
      spanId: spanIdOf(identity, frame.seq),
      traceId: identity.traceId,
      parentSpanId: identity.spanId,
      name: spanName(method, msg, this.opts.rules).name,
      kind,
      method,
      start: frame.t,
      attributes: messageAttributes(method, msg, this.opts.rules),
    };
    if (!context) return open;
    if (frame.dir === 'out' && frame.added?.includes(TRACEPARENT_PATH)) {
      open.spanId = context.spanId;
      open.traceId = context.traceId;
      return open;
    }
    open.traceId = context.traceId;
    open.parentSpanId = context.spanId;
    if (context.traceState) open.traceState = context.traceState;
    open.links = [{ traceId: identity.traceId, spanId: identity.spanId }];
    return open;
  }

  private request(frame: FrameEvent, msg: JsonRpcMessage, method: string, id: string | number): void {
    const kind = frame.dir === 'out' ? 'client' : 'server';
    const key = `${frame.dir}:${idKey(id)}`;
    const previous = this.open.get(key);
    if (previous) {
      // The same id again while the first waits: the first will never be told apart from it.
      this.open.delete(key);
      this.end(previous, frame.t, {}, { type: C.ERROR_TYPES.other, message: 'another request reused its id before it was answered' });
    }
    if (this.open.size >= MAX_OPEN_REQUESTS) {
      const [oldestKey, oldest] = this.open.entries().next().value as [string, Open];
      this.open.delete(oldestKey);
      this.end(
        oldest,
        frame.t,
        {},
        { type: C.ERROR_TYPES.unanswered, message: `more than ${MAX_OPEN_REQUESTS} requests waited for an answer` },
      );
    }
    this.open.set(key, this.open_(frame, msg, method, kind));
  }

  private notification(frame: FrameEvent, msg: JsonRpcMessage, method: string): void {
    if (method === 'notifications/cancelled') this.cancelled(frame, msg);
    if (!this.notificationFits(frame.t)) return;
    this.end(this.open_(frame, msg, method, frame.dir === 'out' ? 'client' : 'server'), frame.t, {}, undefined, false);
  }

  /** notifications/cancelled ends the request it names (same direction: the canceller sent it). */
  private cancelled(frame: FrameEvent, msg: JsonRpcMessage): void {
    const p = ownValue(msg, 'params');
    const requestId = isRecord(p) ? ownValue(p, 'requestId') : undefined;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    const key = `${frame.dir}:${idKey(requestId)}`;
    const open = this.open.get(key);
    if (!open) return;
    this.open.delete(key);
    const reason = isRecord(p) ? ownValue(p, 'reason') : undefined;
    this.end(
      open,
      frame.t,
      {},
      { type: C.ERROR_TYPES.cancelled, ...(typeof reason === 'string' ? { message: cleanText(reason, this.opts.rules, 1024) } : {}) },
    );
  }

  private end(open: Open, t: number, extra: Attributes, error: { type: string; message?: string } | undefined, metric = true): void {
    const attributes: Attributes = Object.assign({}, this.common(open.kind), open.attributes, extra);
    if (error) attributes[C.ATTR_ERROR_TYPE] = error.type;
    const record: SpanRecord = {
      traceId: open.traceId,
      spanId: open.spanId,
      parentSpanId: open.parentSpanId,
      name: open.name,
      kind: open.kind,
      start: open.start,
      end: Math.max(open.start, t),
      attributes,
    };
    if (open.traceState) record.traceState = open.traceState;
    if (error) record.error = error.message === undefined ? {} : { message: error.message };
    if (open.links) record.links = open.links;
    this.opts.onSpan(record);
    if (!metric || !this.opts.onOperation) return;
    const metricAttrs: Attributes = {};
    for (const key of METRIC_ATTRIBUTES) if (attributes[key] !== undefined) metricAttrs[key] = attributes[key];
    const name = open.kind === 'client' ? C.METRIC_MCP_CLIENT_OPERATION_DURATION : C.METRIC_MCP_SERVER_OPERATION_DURATION;
    this.opts.onOperation({ metric: name, seconds: Math.max(0, t - open.start) / 1000, attributes: metricAttrs });
  }
}

/** The attributes the operation-duration metrics take (no request id or resource URI: they are not metric dimensions). */
const METRIC_ATTRIBUTES = [
  C.ATTR_MCP_METHOD_NAME,
  C.ATTR_ERROR_TYPE,
  C.ATTR_GEN_AI_PROMPT_NAME,
  C.ATTR_GEN_AI_TOOL_NAME,
  C.ATTR_RPC_RESPONSE_STATUS_CODE,
  C.ATTR_GEN_AI_OPERATION_NAME,
  C.ATTR_JSONRPC_PROTOCOL_VERSION,
  C.ATTR_MCP_PROTOCOL_VERSION,
  C.ATTR_NETWORK_PROTOCOL_NAME,
  C.ATTR_NETWORK_PROTOCOL_VERSION,
  C.ATTR_NETWORK_TRANSPORT,
  C.ATTR_SERVER_ADDRESS,
  C.ATTR_SERVER_PORT,
];

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}
