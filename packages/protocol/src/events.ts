/**
 * The event model shared by the engine, the trace format v1 and the UI.
 * One event per thing that happened in a session, all on one clock (`t`, ms since the
 * session started) and one sequence (`seq`, per session, starting at 1).
 */

export type Direction = 'out' | 'in';

export type JsonRpcId = string | number;

/** A JSON-RPC message as it crossed the wire; not validated beyond "is a JSON object". */
export type JsonRpcMessage = Record<string, unknown>;

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  /** Spec section the rule enforces, e.g. "2025-11-25/basic/transports#stdio". */
  spec?: string;
  /** The spec sentence the rule rests on, verbatim (absent for mcpscope's own checks). */
  quote?: string;
}

/** Request↔response pairing, attached to the response frame. */
export interface PairInfo {
  requestSeq: number;
  method: string;
  latencyMs: number;
}

/**
 * Why an outgoing frame was sent (mcpscope is an observer, every frame it causes is
 * accounted for). `user`: a person's action — a UI control (the reason names it, e.g.
 * `tools: call`; `ui` when the UI did not say) or a CLI command (`cli: call tools/list`).
 * `mcpscope`: the engine on its own — `handshake`, `transport fallback`, `era fallback`,
 * `roots reply`, `ping reply`, `server-request reply`, `subscription listen` (opted in),
 * `cancel: timeout`, `check: exercise`… and `unattributed` when a code path forgot to say
 * (a bug, shown rather than hidden). Set on every `dir: "out"` frame mcpscope sends; frames of a
 * `wrap` trace and traces written before this field have none. In a trace it is data like the
 * rest: a bounded string, never trusted.
 */
export interface FrameOrigin {
  by: 'user' | 'mcpscope';
  reason: string;
}

/** The longest `reason` kept (the proxy and trace reader cut longer ones). */
export const MAX_ORIGIN_REASON = 200;

/**
 * A reason as it may be shown and stored: control characters (C0, DEL, C1, bidi and line
 * separators) dropped, trimmed, at most MAX_ORIGIN_REASON characters. Empty → undefined.
 */
export function cleanOriginReason(text: string): string | undefined {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, '').trim();
  if (clean === '') return undefined;
  // Not cut between the two halves of a surrogate pair.
  const cut = clean.slice(0, MAX_ORIGIN_REASON).replace(/[\ud800-\udbff]$/, '');
  return cut.trimEnd();
}

/**
 * An MCP App's postMessage conversation: which rendered view, of which ui:// resource.
 * `view` is an id the web makes per rendered view (`[A-Za-z0-9_-]{1,64}`), `uri` the resource
 * (at most MAX_APP_URI characters).
 */
export interface AppChannel {
  uri: string;
  view: string;
}

/** The pattern of an app view id. */
export const APP_VIEW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The longest `ui://` resource URI an app channel keeps. */
export const MAX_APP_URI = 2048;

interface EventBase {
  seq: number;
  t: number;
  sessionId: string;
}

export interface FrameEvent extends EventBase {
  type: 'frame';
  dir: Direction;
  /** The parsed JSON-RPC object; absent when the bytes did not parse (see `raw`). */
  msg?: JsonRpcMessage;
  /** The text as received when it was not a JSON object. */
  raw?: string;
  /** Size in bytes of the serialized message on the wire. */
  size: number;
  pair?: PairInfo;
  findings?: Finding[];
  /** Outgoing frames: who or what made mcpscope send it. */
  origin?: FrameOrigin;
  /**
   * 'app': a message between mcpscope (the host) and an MCP App view, not the server connection.
   * Then `dir: 'out'` is host (mcpscope's AppBridge) → app and `dir: 'in'` app → host, and there
   * is no `origin`. Server-channel frames have no `channel`.
   */
  channel?: 'app';
  /** Of an app-channel frame: the view and its ui:// resource. */
  app?: AppChannel;
  /**
   * Fields mcpscope added to a message it sent, as paths (`params._meta.traceparent`): W3C trace
   * context when the user turned it on. Everything else is what the user or the SDK asked for.
   */
  added?: string[];
}

export interface StderrEvent extends EventBase {
  type: 'stderr';
  text: string;
}

export interface HttpEvent extends EventBase {
  type: 'http';
  method: string;
  url: string;
  status?: number;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  contentType?: string;
  durationMs: number;
  /** The start of an error response's body (status ≥ 400), as text, capped at 4 KiB. */
  responseBody?: string;
  error?: string;
  findings?: Finding[];
}

export type LifecyclePhase = 'spawn' | 'exit' | 'connect' | 'disconnect' | 'error' | 'state';

export interface LifecycleEvent extends EventBase {
  type: 'lifecycle';
  phase: LifecyclePhase;
  message?: string;
  pid?: number;
  code?: number | null;
  signal?: string | null;
  state?: string;
  /**
   * A step mcpscope took on its own that changes the conversation (a new session after the
   * server forgot the old one, a fallback to the legacy handshake): who and why, as on an
   * outgoing frame. A trace's text like the rest.
   */
  origin?: FrameOrigin;
}

export interface OAuthEvent extends EventBase {
  type: 'oauth';
  step: string;
  detail?: Record<string, unknown>;
}

/**
 * A span the server exported to mcpscope's OTLP receiver (server-span.ts): server-controlled
 * text, capped where it entered. Its times are on the session's clock, like `t`.
 */
export interface SpanEvent extends EventBase {
  type: 'span';
  span: ServerSpan;
  findings?: Finding[];
}

/** An OTLP attribute value as mcpscope keeps it: plain JSON, nesting and sizes capped. */
export type SpanValue = string | number | boolean | null | SpanValue[] | { [key: string]: SpanValue };

export interface SpanAttribute {
  key: string;
  value: SpanValue;
}

export type SpanKindName = 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export interface ServerSpan {
  /** 32 lower-case hex digits. */
  traceId: string;
  /** 16 lower-case hex digits. */
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: SpanKindName;
  /** ms since the session started (the clock of every event's `t`). */
  start: number;
  end: number;
  status?: { code: 'ok' | 'error'; message?: string };
  attributes: SpanAttribute[];
  events?: Array<{ name: string; time: number; attributes?: SpanAttribute[] }>;
  links?: Array<{ traceId: string; spanId: string }>;
  /** The exporting process's `service.name`. */
  service?: string;
  /** The instrumentation scope's name. */
  scope?: string;
  /** Attributes, events and links the sender or mcpscope's caps left out. */
  dropped?: number;
}

export type SessionEvent = FrameEvent | StderrEvent | HttpEvent | LifecycleEvent | OAuthEvent | SpanEvent;

export type SessionEventType = SessionEvent['type'];
