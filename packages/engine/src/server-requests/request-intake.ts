import { ProtocolError } from '@modelcontextprotocol/client';
import { idKey, type FrameOrigin } from '@mcpscope/protocol';
import type { EventLog } from '../events/event-log.js';
import type { OriginBook } from '../origin/origin-book.js';
import { ambientOrigin, answerReason, auto, user } from '../origin/origin.js';
import type { EngineMessage, ServerRequestAnswer } from '../session/types.js';
import { relatedTaskOf } from '../tasks/task-shape.js';
import type { ServerRequestName } from './server-request-handlers.js';
import { MAX_WAITING_SERVER_REQUESTS, ServerRequestQueue } from './server-requests.js';

export interface RequestIntakeHost {
  readonly sessionId: string;
  readonly log: EventLog;
  readonly origins: OriginBook;
  emit(message: EngineMessage): void;
  era(): 'legacy' | 'modern' | undefined;
  /** The call whose retry is answering embedded input requests now (2026-07-28), if any. */
  answeringCallId(): string | undefined;
  /** An answer is about to go out (the session's tasks follow the questions of theirs). */
  answering(requestId: string, origin: FrameOrigin | undefined): void;
}

/**
 * How a session takes a request its server sends: a name to answer it by, and a place among the
 * questions waiting for the user. At most MAX_WAITING_SERVER_REQUESTS wait; past that each one is
 * refused at once as mcpscope's own limit, said once per run of refusals, so a server that floods
 * requests cannot grow the queue without end.
 */
export class RequestIntake {
  /** The questions waiting for the user, told to the UI as they come and go. */
  readonly queue: ServerRequestQueue;
  private inputCounter = 0;
  private refusedInARow = 0;

  constructor(private readonly host: RequestIntakeHost) {
    this.queue = new ServerRequestQueue(
      (request) => host.emit({ type: 'server-request', request }),
      (requestId) => host.emit({ type: 'server-request-done', sessionId: host.sessionId, requestId }),
    );
  }

  /** Legacy server requests are keyed by their JSON-RPC id; embedded input requests get a key unique per round. */
  name(id: string | number): ServerRequestName {
    if (this.host.era() !== 'modern') return { requestId: idKey(id) };
    const callId = this.host.answeringCallId();
    return { requestId: `input:${++this.inputCounter}:${id}`, inputKey: String(id), ...(callId ? { callId } : {}) };
  }

  wait(request: ServerRequestName & { method: string; params: unknown; taskId?: string }, signal?: AbortSignal) {
    const { queue } = this;
    const { sessionId } = this.host;
    if (queue.size >= MAX_WAITING_SERVER_REQUESTS) return this.refuse(request);
    this.refusedInARow = 0;
    const taskId = request.taskId ?? relatedTaskOf(request.params);
    return queue.wait({ sessionId, receivedAt: Date.now(), ...request, ...(taskId === undefined ? {} : { taskId }) }, signal);
  }

  /**
   * The reply to a legacy server request goes out as `origin`, default the user's
   * `client: answer sampling` (elicitation, <method>). A 2026-07-28 embedded request's answer
   * travels in its call's retry, which keeps the call's origin. False: nothing waits as `requestId`.
   */
  answer(requestId: string, answer: ServerRequestAnswer, origin?: FrameOrigin): boolean {
    const { origins } = this.host;
    const method = origins.methodAsked(requestId);
    this.host.answering(requestId, origin ?? ambientOrigin());
    if (!this.queue.answer(requestId, answer)) return false;
    // Before the reply goes out: the handler resumes on a later microtask.
    if (method !== undefined) origins.answeredBy(requestId, origin ?? ambientOrigin() ?? user(answerReason(method)));
    return true;
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
