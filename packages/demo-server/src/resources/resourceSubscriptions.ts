import type { McpServer } from '@modelcontextprotocol/server';

import { CLOCK_URI, type DemoState } from '../demoState.js';

/**
 * 2025-era `resources/subscribe` / `resources/unsubscribe` for one connection
 * (spec 2025-11-25: server/resources#subscriptions). Subscribing to `demo://clock`
 * starts the shared ticker for as long as the subscription lasts. The 2026-07-28 era has
 * no such methods: its `subscriptions/listen` is served by the SDK's serving entries.
 */
export class ResourceSubscriptions {
  private readonly uris = new Set<string>();
  private releaseClock: (() => void) | undefined;

  constructor(private readonly state: DemoState) {}

  install(server: McpServer): void {
    server.server.setRequestHandler('resources/subscribe', async (request) => {
      this.add(request.params.uri);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', async (request) => {
      this.remove(request.params.uri);
      return {};
    });
  }

  has(uri: string): boolean {
    return this.uris.has(uri);
  }

  add(uri: string): void {
    this.uris.add(uri);
    if (uri === CLOCK_URI && this.releaseClock === undefined) this.releaseClock = this.state.watchClock();
  }

  remove(uri: string): void {
    this.uris.delete(uri);
    if (uri === CLOCK_URI) this.stopClock();
  }

  clear(): void {
    this.uris.clear();
    this.stopClock();
  }

  private stopClock(): void {
    this.releaseClock?.();
    this.releaseClock = undefined;
  }
}
