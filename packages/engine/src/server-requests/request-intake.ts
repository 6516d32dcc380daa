import { ProtocolError } from '@modelcontextprotocol/client';
import { idKey } from '@mcpscope/protocol';
import type { EventLog } from '../events/event-log.js';
import type { OriginBook } from '../origin/origin-book.js';
import { auto } from '../origin/origin.js';
import { relatedTaskOf } from '../tasks/task-shape.js';
import type { ServerRequestName } from './server-request-handlers.js';
import { MAX_WAITING_SERVER_REQUESTS, type ServerRequestQueue } from './server-requests.js';

export interface RequestIntakeHost {
  readonly sessionId: string;
  readonly log: EventLog;
  readonly queue: ServerRequestQueue;
  readonly origins: OriginBook;
  era(): 'legacy' | 'modern' | undefined;
  /** The call whose retry is answering embedded input requests now (2026-07-28), if any. */
  answeringCallId(): string | undefined;
}

/**
 * How a session takes a request its server sends: a name to answer it by, and a place among the
 * questions waiting for the user. At most MAX_WAITING_SERVER_REQUESTS wait; past that each one is
 * refused at once as mcpscope's own limit, said once per run of refusals, so a server that floods
 * requests cannot grow the queue without end.
 */
export class RequestIntake {
  private inputCounter = 0;
  private refusedInARow = 0;

  constructor(private readonly host: RequestIntakeHost) {}

  /** Legacy server requests are keyed by their JSON-RPC id; embedded input requests get a key unique per round. */
  name(id: string | number): ServerRequestName {
    if (this.host.era() !== 'modern') return { requestId: idKey(id) };
    const callId = this.host.answeringCallId();
    return { requestId: `input:${++this.inputCounter}:${id}`, inputKey: String(id), ...(callId ? { callId } : {}) };
  }

  wait(request: ServerRequestName & { method: string; params: unknown; taskId?: string }, signal?: AbortSignal) {
    const { queue, sessionId } = this.host;
    if (queue.size >= MAX_WAITING_SERVER_REQUESTS) return this.refuse(request);
    this.refusedInARow = 0;
    const taskId = request.taskId ?? relatedTaskOf(request.params);
    return queue.wait({ sessionId, receivedAt: Date.now(), ...request, ...(taskId === undefined ? {} : { taskId }) }, signal);
  }

  /** Over the limit: answered at once with an error, as mcpscope (said once per run of refusals). */
  private refuse(request: ServerRequestName & { method: string }): Promise<never> {
    if (this.refusedInARow++ === 0) {
      this.host.log.add({
        type: 'lifecycle',
        phase: 'state',
        message: `${MAX_WAITING_SERVER_REQUESTS} requests from the server already wait for an answer: mcpscope refuses more (JSON-RPC error -32603) until some are answered`,
      });
    }
    if (this.host.era() !== 'modern') this.host.origins.answeredBy(request.requestId, auto('server request: refused, too many waiting'));
    const message = `mcpscope: ${MAX_WAITING_SERVER_REQUESTS} requests from this server already wait for an answer; ${request.method} was refused (mcpscope's own limit)`;
    return Promise.reject(new ProtocolError(-32603, message));
  }
}
