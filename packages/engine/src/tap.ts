import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { Direction, JsonRpcMessage } from '@mcpscope/protocol';

export interface TapSink {
  frame(dir: Direction, msg: JsonRpcMessage, size: number): void;
}

/** Returns true when the message was consumed (a reply to a request the client did not send). */
export type InboundInterceptor = (msg: JsonRpcMessage) => boolean;

/** Sees every message after it became a frame: outbound with the client's send options, inbound before the client. */
export interface TapObserver {
  outbound(msg: JsonRpcMessage, options: TransportSendOptions | undefined): void;
  inbound(msg: JsonRpcMessage): void;
}

function sizeOf(msg: unknown): number {
  return Buffer.byteLength(JSON.stringify(msg), 'utf8');
}

/**
 * Wraps an SDK transport so every message crossing it becomes a frame exactly once, at the
 * transport boundary (ARCHITECTURE.md: wrap the Transport, never patch the client).
 */
export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  intercept?: InboundInterceptor;
  observer?: TapObserver;

  constructor(
    readonly inner: Transport & { lastInboundSize?: number },
    private readonly sink: TapSink,
  ) {
    inner.onmessage = (message, extra) => {
      const size = inner.lastInboundSize || sizeOf(message);
      inner.lastInboundSize = 0;
      this.sink.frame('in', message as JsonRpcMessage, size);
      this.observer?.inbound(message as JsonRpcMessage);
      if (this.intercept?.(message as JsonRpcMessage)) return;
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
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

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.sink.frame('out', message as JsonRpcMessage, sizeOf(message));
    this.observer?.outbound(message as JsonRpcMessage, options);
    await this.inner.send(message, options);
  }

  /**
   * Ends the session the way the transport defines: Streamable HTTP sends DELETE with the
   * session id (2025-11-25/basic/transports#session-management), then everything closes.
   */
  async close(): Promise<void> {
    const terminate = (this.inner as { terminateSession?: () => Promise<void> }).terminateSession;
    if (terminate && this.inner.sessionId) await terminate.call(this.inner).catch(() => undefined);
    return this.inner.close();
  }
}
