import type { CallbackParams, UserAgent } from '@mcpscope/engine';

interface Pending {
  authorizationUrl: string;
  deliver(params: CallbackParams): void;
}

/** Why a callback was refused (the route answers 400 with this). */
export class CallbackRefused extends Error {}

const MAX_PENDING = 64;
const MAX_USED = 256;

/**
 * The web UI's OAuth user agent: an authorization waits here, keyed by the `state` the engine
 * put in the authorization URL, until the browser comes back to mcpscope's own
 * `/oauth/callback`. A state is accepted once: unknown or already used states are refused.
 */
export class PendingAuthorizations {
  private readonly pending = new Map<string, Pending>();
  private readonly used = new Set<string>();
  private port: () => number = () => 0;

  /** The redirect URI: `http://127.0.0.1:PORT/oauth/callback` (the port is known after listen). */
  redirectUrl(host = '127.0.0.1'): string {
    return `http://${host}:${this.port()}/oauth/callback`;
  }

  /** buildApp binds the port it listens on (0 until listen()). */
  bindPort(port: () => number): void {
    this.port = port;
  }

  /** A UserAgent for OpenOptions.oauthUserAgent: resolves when the callback with its state arrives. */
  readonly agent: UserAgent = (authorizationUrl) =>
    new Promise<CallbackParams>((resolve, reject) => {
      const state = authorizationUrl.searchParams.get('state');
      if (!state) return reject(new Error('The authorization URL has no state; mcpscope refuses to wait for an unbound callback'));
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
      this.pending.set(state, { authorizationUrl: authorizationUrl.href, deliver: resolve });
    });

  /** Delivers a callback to its authorization; throws CallbackRefused for unknown or replayed states. */
  complete(params: CallbackParams): void {
    const state = params.state;
    if (!state) throw new CallbackRefused('The callback has no state');
    const entry = this.pending.get(state);
    if (!entry)
      throw new CallbackRefused(
        this.used.has(state) ? 'This authorization response was already used' : 'Unknown state: mcpscope did not start this authorization',
      );
    this.pending.delete(state);
    this.used.add(state);
    if (this.used.size > MAX_USED) this.used.delete(this.used.values().next().value!);
    entry.deliver(params);
  }

  size(): number {
    return this.pending.size;
  }
}
