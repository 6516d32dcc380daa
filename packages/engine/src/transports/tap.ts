import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import {
  idKey,
  MAX_JSON_DEPTH,
  messageId,
  valueTooDeep,
  type Direction,
  type FrameOrigin,
  type JsonRpcId,
  type JsonRpcMessage,
} from '@mcpscope/protocol';
import { ambientOrigin, UNATTRIBUTED } from '../origin/origin.js';
import { withTraceContext, type OutgoingContext } from '../otel/inject.js';

export interface TapSink {
  /** `origin`: set on every outgoing frame; `added`: fields mcpscope added to it (trace context). */
  frame(dir: Direction, msg: JsonRpcMessage, size: number, origin?: FrameOrigin, added?: string[]): void;
  refusedLine(text: string, what: 'too-deep' | 'too-large', detail: string, size: number): void;
}

/** The origins messages have by what they are (replies, cancels, a call's legs): see OriginBook. */
export interface OriginRules {
  resolve(msg: JsonRpcMessage, options: TransportSendOptions | undefined): FrameOrigin | undefined;
  inbound(msg: JsonRpcMessage): void;
}

/** Returns true when the message was consumed (a reply to a request the client did not send). */
export type InboundInterceptor = (msg: JsonRpcMessage) => boolean;

/** Sees every message after it became a frame: outbound with the client's send options, inbound before the client. */
export interface TapObserver {
  outbound(msg: JsonRpcMessage, options: TransportSendOptions | undefined): void;
  inbound(msg: JsonRpcMessage): void;
}

/**
 * What an outgoing frame keeps: the message as sent, with a fresh top level, params and `_meta`
 * (their values shared). The SDK's own objects for a 2026 request (its `_meta` envelope) took
 * one hidden class each; a heap snapshot after 10k calls held 1,370 B per call, this copy 1,065 B.
 * It also keeps the frame as it went out if the SDK changes its object afterwards.
 */
function keptMessage(message: JsonRpcMessage): JsonRpcMessage {
  const params = message.params as Record<string, unknown> | undefined;
  const meta = params?._meta;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return message;
  return { ...message, params: { ...params, _meta: Object.assign({}, meta) } } as JsonRpcMessage;
}

function sizeOf(msg: unknown): number {
  return Buffer.byteLength(JSON.stringify(msg), 'utf8');
}

/** What the tap needs of the transport it wraps, beyond the SDK's Transport. */
export type InnerTransport = Transport & {
  /** Byte size of the stdio line behind the message being delivered (0: measure it). */
  lastInboundSize?: number;
  onundeliverable?: (id: JsonRpcId, reason: string) => void;
  /** Sends a message the tap already serialized (stdio: the line is that text), so it is serialized once. */
  sendText?: (text: string) => Promise<void>;
};

/**
 * Wraps an SDK transport so every message crossing it becomes a frame exactly once, at the
 * transport boundary (docs/ARCHITECTURE.md, "The data flow": wrap the Transport, never patch the client).
 */
export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  intercept?: InboundInterceptor;
  observer?: TapObserver;
  /** An answer to request `id` came but was refused at the boundary: fail that request now. */
  onundeliverable?: (id: JsonRpcId, reason: string) => void;
  /** mcpscope itself threw while handling an inbound message: the session must end, not the process. */
  onfault?: (error: unknown) => void;
  origins?: OriginRules;
  /** Inbound messages the client would do nothing with (sdk-ignores.ts): not handed to it. */
  clientIgnores?: (message: JsonRpcMessage) => boolean;
  /**
   * While connecting, what the client sends on its own is the handshake of this attempt
   * (`handshake`, `transport fallback`…); it wins over an ambient origin, which the caller of
   * open() may have set for its later work. Cleared once connected.
   */
  phaseOrigin?: FrameOrigin;
  /**
   * While connecting: an initialize follows a server/discover probe that did not make the session
   * modern (the SDK falls back in place). Returns the origin the legacy handshake goes out as
   * (`era fallback: <why>`), and may note why in the log.
   */
  onEraFallback?: () => FrameOrigin | undefined;
  /**
   * The response stream of request `id` (Streamable HTTP: its POST's SSE stream) ended, for any
   * reason but mcpscope's own abort, before an answer came; the SDK will not read one any more.
   */
  onstreamend?: (id: JsonRpcId) => void;
  /** A send failed with `err`; what it throws waits for this (the session may decide the server is gone). */
  onsendfailure?: (err: unknown) => Promise<void>;
  /** The server no longer knows this session (or is gone): close() ends it without a DELETE. */
  forgotten = false;
  /** While it returns a context, requests and notifications go out with W3C trace context (the user's opt-in). */
  traceContext?: () => OutgoingContext | undefined;
  /** Messages handed to sendAs, with the origin their caller gave. */
  private readonly explicit = new WeakMap<object, FrameOrigin>();
  /** A server/discover went out on this transport during the connect. */
  private probed = false;
  /** Requests sent on this transport and not answered yet (by idKey), bounded. */
  private readonly unanswered = new Map<string, JsonRpcId>();

  constructor(
    readonly inner: InnerTransport,
    private readonly sink: TapSink,
  ) {
    inner.onmessage = (message, extra) => {
      try {
        this.inbound(message as JsonRpcMessage, extra);
      } catch (err) {
        if (!this.onfault) throw err;
        this.onfault(err);
      }
    };
    inner.onundeliverable = (id, reason) => this.onundeliverable?.(id, reason);
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  private inbound(message: JsonRpcMessage, extra: MessageExtraInfo | undefined): void {
    const inner = this.inner;
    const stdioSize = inner.lastInboundSize;
    inner.lastInboundSize = 0;
    // stdio lines were measured as text before parsing; what an HTTP transport parsed is walked here.
    if (!stdioSize && valueTooDeep(message)) {
      const detail = `nested deeper than ${MAX_JSON_DEPTH} levels`;
      this.sink.refusedLine(`(a message ${detail}; its text is not kept)`, 'too-deep', detail, 0);
      const id = messageId(message);
      if (id !== undefined && typeof message.method !== 'string')
        this.onundeliverable?.(id, `the server's answer was ${detail}; mcpscope refused it`);
      return;
    }
    const id = messageId(message);
    if (id !== undefined && typeof message.method !== 'string') this.unanswered.delete(idKey(id));
    this.sink.frame('in', message, stdioSize || sizeOf(message));
    this.origins?.inbound(message);
    this.observer?.inbound(message);
    if (this.intercept?.(message) || this.clientIgnores?.(message)) return;
    this.onmessage?.(message as JSONRPCMessage, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  setSupportedProtocolVersions = (versions: string[]): void => this.inner.setSupportedProtocolVersions?.(versions);

  start(): Promise<void> {
    return this.inner.start();
  }

  /** Sends `message` stamped with `origin` (a message mcpscope composed itself, not the SDK client). */
  sendAs(message: JSONRPCMessage, origin: FrameOrigin): Promise<void> {
    this.explicit.set(message, origin);
    return this.send(message);
  }

  /**
   * Who sent it, first match wins: the caller of sendAs; what the message is (a reply, a cancel,
   * a call's leg); the handshake while connecting; the ambient origin; else UNATTRIBUTED.
   */
  private originOf(message: JsonRpcMessage, options: TransportSendOptions | undefined): FrameOrigin {
    return this.explicit.get(message) ?? this.origins?.resolve(message, options) ?? this.phaseOrigin ?? ambientOrigin() ?? UNATTRIBUTED;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const msg = message as JsonRpcMessage;
    if (this.phaseOrigin && msg.method === 'server/discover') this.probed = true;
    else if (this.phaseOrigin && this.probed && msg.method === 'initialize') {
      this.probed = false;
      this.phaseOrigin = this.onEraFallback?.() ?? this.phaseOrigin;
    }
    const origin = this.originOf(msg, options);
    const context = this.traceContext?.();
    const traced = context ? withTraceContext(msg, context) : undefined;
    const wire = (traced?.message ?? message) as JSONRPCMessage;
    // Serialized once: measured here and, on stdio, written as is. Not parsed back for the frame:
    // the 2026 `_meta` envelope shares clientInfo and the capabilities with every other request,
    // a parsed copy held 30 more objects per request (+43% heap per call).
    const text = JSON.stringify(wire);
    this.sink.frame('out', keptMessage(wire as JsonRpcMessage), Buffer.byteLength(text, 'utf8'), origin, traced?.added);
    this.observer?.outbound(msg, options);
    if (this.inner.sendText) return this.inner.sendText(text);
    const id = typeof msg.method === 'string' ? messageId(msg) : undefined;
    if (id === undefined) return this.inner.send(wire, options);
    const key = idKey(id);
    this.remember(key, id);
    try {
      await this.inner.send(wire, { ...options, onRequestStreamEnd: () => this.streamEnded(key, options) });
    } catch (err) {
      this.unanswered.delete(key);
      await this.onsendfailure?.(err);
      throw err;
    }
  }

  private remember(key: string, id: JsonRpcId): void {
    this.unanswered.set(key, id);
    // Requests the server never answers (and the SDK timed out) are forgotten past 10,000.
    if (this.unanswered.size > 10_000) this.unanswered.delete(this.unanswered.keys().next().value!);
  }

  private streamEnded(key: string, options: TransportSendOptions | undefined): void {
    options?.onRequestStreamEnd?.();
    const id = this.unanswered.get(key);
    if (id === undefined) return;
    this.unanswered.delete(key);
    this.onstreamend?.(id);
  }

  /**
   * Ends the session the way the transport defines: Streamable HTTP sends DELETE with the
   * session id (2025-11-25/basic/transports#session-management), then everything closes.
   */
  async close(): Promise<void> {
    const terminate = (this.inner as { terminateSession?: () => Promise<void> }).terminateSession;
    if (terminate && this.inner.sessionId && !this.forgotten) await terminate.call(this.inner).catch(() => undefined);
    return this.inner.close();
  }
}

/** An `onclose` that runs the one already set, then `second` (the session adds its own to the transport's). */
export function chainClose(first: (() => void) | undefined, second: () => void): () => void {
  return () => {
    first?.();
    second();
  };
}
