import type { Client, McpSubscription, ServerCapabilities, SubscriptionFilter } from '@modelcontextprotocol/client';
import type { FrameOrigin } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import { withOrigin } from '../origin/origin.js';
import { engineErrorFromSdk } from '../errors/sdk-errors.js';

export interface SubscriptionDeps {
  client(): Client | undefined;
  era(): 'legacy' | 'modern' | undefined;
  /** A request the engine makes for itself; throws an EngineError (ENGINE_RPC_ERROR on a JSON-RPC error). */
  rpc(method: string, params: Record<string, unknown>, origin?: FrameOrigin): Promise<unknown>;
  /** Records a lifecycle note in the session's log. */
  note(message: string): void;
  changed(): void;
}

const ACK_TIMEOUT_MS = 30_000;

/**
 * Resource subscriptions in both eras. Legacy: resources/subscribe and resources/unsubscribe
 * (2025-11-25/server/resources#subscriptions). 2026-07-28: one subscriptions/listen stream per
 * URI, ended with notifications/cancelled (2026-07-28/basic/patterns/subscriptions), plus one
 * stream for the list changes the server declares, so `*\/list_changed` reach the frame log in
 * both eras. Either way the notifications themselves are frames like any other. `origin`: who
 * asked (the user's subscribe or unsubscribe); the SDK's listen and its notifications/cancelled
 * take no per-call option, so they run in that ambient origin (origin.ts).
 */
export class Subscriptions {
  private readonly uris = new Map<string, McpSubscription | undefined>();
  private readonly pending = new Map<string, Promise<void>>();
  /** The list-change stream, while open; `opening` while its listen waits for the ack. */
  private listChanges?: McpSubscription;
  private listChangesOpening = false;

  constructor(private readonly deps: SubscriptionDeps) {}

  list(): string[] {
    return [...this.uris.keys()];
  }

  /**
   * Legacy: the server forgot the session, and its resources/subscribe with it. Returns the URIs
   * that were subscribed (nothing is sent: subscribing again is the user's call).
   */
  forgetAll(): string[] {
    const uris = this.list();
    this.uris.clear();
    return uris;
  }

  add(uri: string, origin?: FrameOrigin): Promise<void> {
    if (this.uris.has(uri)) return Promise.resolve();
    const running = this.pending.get(uri);
    if (running) return running;
    const adding = withOrigin(origin, () => this.open(uri, origin)).finally(() => this.pending.delete(uri));
    this.pending.set(uri, adding);
    return adding;
  }

  /** Returns false when `uri` was not subscribed. */
  async remove(uri: string, origin?: FrameOrigin): Promise<boolean> {
    await this.pending.get(uri)?.catch(() => undefined);
    if (!this.uris.has(uri)) return false;
    const stream = this.uris.get(uri);
    if (stream) {
      this.uris.delete(uri);
      await withOrigin(origin, () => stream.close());
    } else {
      await this.deps.rpc('resources/unsubscribe', { uri }, origin);
      this.uris.delete(uri);
    }
    this.deps.changed();
    return true;
  }

  watchingListChanges(): boolean {
    return this.listChanges !== undefined;
  }

  /**
   * 2026-07-28: one listen stream for the `listChanged` kinds the server declared (none: no
   * stream). Only when the user opted in (OpenOptions.watchListChanges, or PUT …/list-changes);
   * the caller sets its origin. Already open: nothing is sent.
   */
  async watchListChanges(caps: ServerCapabilities | undefined): Promise<void> {
    const filter: SubscriptionFilter = {
      ...(caps?.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(caps?.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(caps?.resources?.listChanged ? { resourcesListChanged: true } : {}),
    };
    if (Object.keys(filter).length === 0 || this.listChanges || this.listChangesOpening) return;
    this.listChangesOpening = true;
    try {
      const stream = await this.listen(filter);
      this.listChanges = stream;
      void stream.closed.then(() => {
        if (this.listChanges !== stream) return;
        this.listChanges = undefined;
        this.deps.changed();
      });
      this.deps.changed();
    } catch (err) {
      this.deps.note(`could not listen for list changes: ${(err as Error).message}`);
    } finally {
      this.listChangesOpening = false;
    }
  }

  /** Closes the list-change stream (notifications/cancelled); false when none was open. */
  async stopListChanges(): Promise<boolean> {
    const stream = this.listChanges;
    if (!stream) return false;
    this.listChanges = undefined;
    await stream.close();
    this.deps.changed();
    return true;
  }

  private async open(uri: string, origin: FrameOrigin | undefined): Promise<void> {
    if (this.deps.era() !== 'modern') {
      await this.deps.rpc('resources/subscribe', { uri }, origin);
      this.uris.set(uri, undefined);
      this.deps.changed();
      return;
    }
    const stream = await this.listen({ resourceSubscriptions: [uri] });
    if (!stream.honoredFilter.resourceSubscriptions?.includes(uri)) {
      await stream.close();
      throw new EngineError(
        'ENGINE_SUBSCRIPTION_REFUSED',
        `The server acknowledged subscriptions/listen without ${uri} (it does not offer updates for it)`,
      );
    }
    this.uris.set(uri, stream);
    void stream.closed.then((cause) => {
      if (cause === 'local' || this.uris.get(uri) !== stream) return;
      this.uris.delete(uri);
      this.deps.note(`the subscription to ${uri} ended (${cause === 'graceful' ? 'closed by the server' : 'stream lost'})`);
      this.deps.changed();
    });
    this.deps.changed();
  }

  private async listen(filter: SubscriptionFilter): Promise<McpSubscription> {
    const client = this.deps.client();
    if (!client) throw new EngineError('ENGINE_NOT_CONNECTED', 'not connected');
    try {
      return await client.listen(filter, { timeout: ACK_TIMEOUT_MS });
    } catch (err) {
      throw engineErrorFromSdk(err, 'subscriptions/listen', ACK_TIMEOUT_MS);
    }
  }
}
