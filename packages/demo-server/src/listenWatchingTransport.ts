import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { CLOCK_URI, type DemoState } from './demoState.js';

const listenRequest = z.object({
  id: z.union([z.string(), z.number()]),
  method: z.literal('subscriptions/listen'),
  params: z.object({ notifications: z.object({ resourceSubscriptions: z.array(z.string()).optional() }) }),
});

const cancelledNotification = z.object({
  method: z.literal('notifications/cancelled'),
  params: z.object({ requestId: z.union([z.string(), z.number()]) }),
});

type MessageHandler = NonNullable<Transport['onmessage']>;

/**
 * Wraps the stdio transport that `serveStdio` owns, to see 2026-07-28
 * `subscriptions/listen` requests (spec 2026-07-28: basic/patterns/subscriptions) that
 * the SDK answers itself: a listen stream that asks for `demo://clock` keeps the clock
 * ticker running until the client cancels it or the connection closes. Everything is
 * passed through unchanged.
 */
export class ListenWatchingTransport implements Transport {
  private readonly clockWatches = new Map<string | number, () => void>();
  private messageHandler: MessageHandler | undefined;
  private closeHandler: (() => void) | undefined;

  constructor(
    private readonly inner: Transport,
    private readonly state: DemoState,
  ) {
    inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      this.observe(message);
      this.messageHandler?.(message, extra);
    };
    inner.onclose = () => {
      this.releaseAll();
      this.closeHandler?.();
    };
  }

  get onmessage(): MessageHandler | undefined {
    return this.messageHandler;
  }
  set onmessage(handler: MessageHandler | undefined) {
    this.messageHandler = handler;
  }
  get onclose(): (() => void) | undefined {
    return this.closeHandler;
  }
  set onclose(handler: (() => void) | undefined) {
    this.closeHandler = handler;
  }
  get onerror(): ((error: Error) => void) | undefined {
    return this.inner.onerror;
  }
  set onerror(handler: ((error: Error) => void) | undefined) {
    this.inner.onerror = handler;
  }

  start(): Promise<void> {
    return this.inner.start();
  }
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }
  close(): Promise<void> {
    this.releaseAll();
    return this.inner.close();
  }
  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  get watchedListenCount(): number {
    return this.clockWatches.size;
  }

  private observe(message: JSONRPCMessage): void {
    const listen = listenRequest.safeParse(message);
    if (listen.success) {
      const uris = listen.data.params.notifications.resourceSubscriptions ?? [];
      if (uris.includes(CLOCK_URI) && !this.clockWatches.has(listen.data.id)) {
        this.clockWatches.set(listen.data.id, this.state.watchClock());
      }
      return;
    }
    const cancelled = cancelledNotification.safeParse(message);
    if (cancelled.success) {
      this.clockWatches.get(cancelled.data.params.requestId)?.();
      this.clockWatches.delete(cancelled.data.params.requestId);
    }
  }

  private releaseAll(): void {
    for (const release of this.clockWatches.values()) release();
    this.clockWatches.clear();
  }
}
