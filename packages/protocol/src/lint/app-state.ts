import type { Direction, JsonRpcId } from '../events.js';
import { idKey } from '../jsonrpc.js';

export interface AppInFlight {
  seq: number;
  method: string;
  params: Record<string, unknown>;
}

/** Requests in flight kept per view; past this the oldest are forgotten (a flood is the app's data). */
const MAX_IN_FLIGHT = 4096;

/**
 * What the app rules know about one rendered MCP App view (one postMessage conversation):
 * its handshake and the host context mcpscope gave it. The view's frames only.
 */
export class AppViewState {
  /** The host answered the view's ui/initialize with a result. */
  initializeAnswered = false;
  /**
   * `hostContext.availableDisplayModes` as the host last said (the ui/initialize result, then
   * ui/notifications/host-context-changed); undefined while the host has not answered initialize.
   */
  hostDisplayModes: string[] | undefined;
  private readonly inFlight = new Map<string, AppInFlight>();

  private key(dir: Direction, id: JsonRpcId): string {
    return `${dir}|${idKey(id)}`;
  }

  start(dir: Direction, id: JsonRpcId, seq: number, method: string, params: Record<string, unknown>): void {
    if (this.inFlight.size >= MAX_IN_FLIGHT) this.inFlight.delete(this.inFlight.keys().next().value!);
    this.inFlight.set(this.key(dir, id), { seq, method, params });
  }

  /** The request a response answers (it travelled the other way), if it was in flight. */
  finish(responseDir: Direction, id: JsonRpcId): AppInFlight | undefined {
    const key = this.key(responseDir === 'in' ? 'out' : 'in', id);
    const request = this.inFlight.get(key);
    this.inFlight.delete(key);
    return request;
  }
}

/** Views remembered per session; the least recently seen is forgotten past this. */
const MAX_VIEWS = 256;

/** Each view's state, by view id (a Map: the id is the web's string, never a key into a plain object). */
export class AppViews {
  private readonly views = new Map<string, AppViewState>();

  get(view: string): AppViewState {
    let state = this.views.get(view);
    if (state) {
      this.views.delete(view); // re-inserted: most recently seen last
    } else {
      state = new AppViewState();
      if (this.views.size >= MAX_VIEWS) this.views.delete(this.views.keys().next().value!);
    }
    this.views.set(view, state);
    return state;
  }
}
