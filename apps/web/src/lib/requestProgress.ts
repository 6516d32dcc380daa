import type { RequestProgressMessage } from '@mcpscope/wire';

export interface RequestProgress {
  progress: number;
  total?: number;
  message?: string;
  /** How many progress notifications arrived so far. */
  count: number;
  /** Date.now() of the latest one (a timeout that resets on progress restarts from here). */
  at: number;
}

/**
 * The latest progress of each running request of one session: `request-progress` socket
 * messages, one per `notifications/progress` of a request made through POST
 * /api/sessions/:id/requests, keyed by the client-chosen callId. Held by the session's
 * SessionState; the EventStore applies reports and notifies.
 */
export class RequestProgressStore {
  private readonly byCall = new Map<string, RequestProgress>();

  constructor(private readonly now: () => number = Date.now) {}

  get(callId: string): RequestProgress | undefined {
    return this.byCall.get(callId);
  }

  get size(): number {
    return this.byCall.size;
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
  }

  /** Drops a finished request's entry; false when there was none. */
  forget(callId: string): boolean {
    return this.byCall.delete(callId);
  }

  clear(): void {
    this.byCall.clear();
  }
}
