import { InMemoryServerEventBus, type ServerEvent, type ServerEventBus } from '@modelcontextprotocol/server';

import type { DemoState } from './demoState.js';

/**
 * The `subscriptions/listen` bus of the 2026-07-28 HTTP leg. Every open listen stream
 * registers one listener; while any is registered the `demo://clock` ticker runs. The
 * SDK's listen router still filters per stream, so only streams that asked for
 * `demo://clock` receive its updates.
 */
export class ClockWatchingBus implements ServerEventBus {
  private readonly inner = new InMemoryServerEventBus();

  constructor(private readonly state: DemoState) {}

  publish(event: ServerEvent): void {
    this.inner.publish(event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const releaseClock = this.state.watchClock();
    const unsubscribe = this.inner.subscribe(listener);
    return () => {
      unsubscribe();
      releaseClock();
    };
  }

  get listenerCount(): number {
    return this.inner.listenerCount;
  }
}
