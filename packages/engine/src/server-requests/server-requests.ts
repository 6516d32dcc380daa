import { ProtocolError } from '@modelcontextprotocol/client';
import type { PendingServerRequest, ServerRequestAnswer } from '../session/types.js';

interface Waiting {
  request: PendingServerRequest;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/**
 * Most server→client requests one session keeps waiting for an answer: each is a dialog for a
 * person, and a server that sends thousands at once must not bury the UI (or grow without bound).
 */
export const MAX_WAITING_SERVER_REQUESTS = 100;

/**
 * Server→client requests (sampling, elicitation, anything unknown) wait here until somebody
 * answers them: a person in the UI, or a headless policy.
 */
export class ServerRequestQueue {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly onAdded: (request: PendingServerRequest) => void,
    private readonly onDone: (requestId: string) => void,
  ) {}

  wait(request: PendingServerRequest, signal?: AbortSignal): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('cancelled'));
      this.waiting.set(request.requestId, { request, resolve, reject });
      signal?.addEventListener('abort', () => this.settle(request.requestId, () => reject(new Error('cancelled'))), { once: true });
      this.onAdded(request);
    });
  }

  answer(requestId: string, answer: ServerRequestAnswer): boolean {
    return this.settle(requestId, (w) => {
      if ('result' in answer) w.resolve(answer.result);
      else w.reject(new ProtocolError(answer.error.code, answer.error.message, answer.error.data));
    });
  }

  get size(): number {
    return this.waiting.size;
  }

  list(): PendingServerRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /** Fails every waiting request, e.g. when the session closes. */
  rejectAll(reason: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, (w) => w.reject(new Error(reason)));
  }

  /** Fails the requests that belong to task `taskId` (it ended: nobody needs their answer). */
  rejectForTask(taskId: string, reason: string): void {
    for (const [id, w] of [...this.waiting]) if (w.request.taskId === taskId) this.settle(id, (x) => x.reject(new Error(reason)));
  }

  private settle(requestId: string, fn: (w: Waiting) => void): boolean {
    const w = this.waiting.get(requestId);
    if (!w) return false;
    this.waiting.delete(requestId);
    fn(w);
    this.onDone(requestId);
    return true;
  }
}
