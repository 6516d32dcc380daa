import type { RequestProgressMessage } from '@mcpscope/wire';

/**
 * `request-progress` socket messages (CONTRACT.md §2): one per `notifications/progress` of a
 * request made through POST /api/sessions/:id/requests, keyed by the client-chosen callId.
 */
export { RequestProgressMessageSchema, type RequestProgressMessage } from '@mcpscope/wire';

export interface RequestProgress {
  progress: number;
  total?: number;
  message?: string;
  /** How many progress notifications arrived so far. */
  count: number;
  /** Date.now() of the latest one (a timeout that resets on progress restarts from here). */
  at: number;
}

/** The latest progress of each running request. Framework-free: subscribe/get. */
export class RequestProgressStore {
  private readonly byCall = new Map<string, RequestProgress>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(callId: string): RequestProgress | undefined {
    return this.byCall.get(callId);
  }

  report(message: RequestProgressMessage): void {
    const prev = this.byCall.get(message.callId);
    this.byCall.set(message.callId, {
      progress: message.progress,
      total: message.total,
      message: message.message,
      count: (prev?.count ?? 0) + 1,
      at: this.now(),
    });
    for (const l of [...this.listeners]) l();
  }

  /** Drops a finished request's entry. */
  forget(callId: string): void {
    if (this.byCall.delete(callId)) for (const l of [...this.listeners]) l();
  }
}
