import { classifyMessage, idKey, messageId, type FrameOrigin, type JsonRpcMessage } from '@mcpscope/protocol';
import { auto } from './origin.js';

const TASK_STATUS = auto('task: status');

/** Server→client requests remembered until answered; a server that never stops asking cannot grow it past this. */
const MAX_REMEMBERED = 10_000;

export interface CallOrigins {
  /** The origin of the Session.request call whose transport `headers` tag this is. */
  ofTag(tag: unknown): FrameOrigin | undefined;
  /** A request id of one of the running calls: who cancelled it (undefined: not such a call). */
  cancelOfLeg(id: unknown): { origin?: FrameOrigin } | undefined;
}

/**
 * The origins an outgoing message has by what it is, whatever code path sends it:
 * - a response to a server→client request: the person who answered it (Session.answer), or
 *   mcpscope's own reply — roots/list from the session's roots, ping (2025-11-25/basic/utilities/ping:
 *   "The receiver MUST respond promptly"), or an error the client made (closed, unknown method);
 * - notifications/cancelled of a Session.request call: whoever cancelled it, else its timeout
 *   ran out (a listen stream's cancel, which the SDK sends, takes the ambient origin of the
 *   unsubscribe that closes it);
 * - a request of a Session.request call (first leg and 2026-07-28 input retries): the call's origin.
 * Anything else is left to the tap (explicit, handshake phase, ambient scope).
 */
export class OriginBook {
  /** idKey of a server request waiting for our answer → its method. Keys are server-controlled: a Map. */
  private readonly asked = new Map<string, string>();
  private readonly answers = new Map<string, FrameOrigin>();
  /** idKeys of server requests that asked for a task (`params.task`): the ext-tasks receiver answers them. */
  private readonly taskAugmented = new Set<string>();

  constructor(private readonly calls: CallOrigins) {}

  /** Every inbound message, so replies know which request they answer. */
  inbound(msg: JsonRpcMessage): void {
    const id = messageId(msg);
    if (id === undefined || classifyMessage(msg) !== 'request' || typeof msg.method !== 'string') return;
    if (this.asked.size >= MAX_REMEMBERED) this.asked.delete(this.asked.keys().next().value!);
    this.asked.set(idKey(id), msg.method);
    const params = msg.params;
    if (typeof params === 'object' && params !== null && Object.hasOwn(params, 'task')) {
      if (this.taskAugmented.size >= MAX_REMEMBERED) this.taskAugmented.delete(this.taskAugmented.values().next().value!);
      this.taskAugmented.add(idKey(id));
    }
  }

  /** The user's answer to server request `key` (an idKey) goes out with this origin. */
  answeredBy(key: string, origin: FrameOrigin): void {
    if (this.asked.has(key)) this.answers.set(key, origin);
  }

  methodAsked(key: string): string | undefined {
    return this.asked.get(key);
  }

  /** The origin `msg` has by what it is, or undefined. */
  resolve(msg: JsonRpcMessage, options: { headers?: unknown } | undefined): FrameOrigin | undefined {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    if ((kind === 'response' || kind === 'error') && id !== undefined) return this.reply(idKey(id));
    if (kind === 'notification' && msg.method === 'notifications/cancelled') return this.cancel(msg.params);
    // The ext-tasks receiver tells the server its task changed ("receivers MAY send", 2025-11-25/basic/utilities/tasks#task-status-notification).
    if (kind === 'notification' && msg.method === 'notifications/tasks/status') return TASK_STATUS;
    if (kind === 'request') return this.calls.ofTag(options?.headers);
    return undefined;
  }

  private reply(key: string): FrameOrigin {
    const method = this.asked.get(key);
    const answer = this.answers.get(key);
    this.asked.delete(key);
    this.answers.delete(key);
    const task = this.taskAugmented.delete(key);
    if (answer) return answer;
    // 2025-11-25/basic/utilities/tasks: the receiver answers a task-augmented request with a
    // CreateTaskResult at once, and the requestor's tasks/* requests as they come.
    if (task) return auto('task: accepted');
    if (method?.startsWith('tasks/')) return auto(`task: answer ${method}`);
    if (method === 'roots/list') return auto('roots reply');
    if (method === 'ping') return auto('ping reply');
    return auto('server-request reply');
  }

  private cancel(params: unknown): FrameOrigin | undefined {
    const requestId = typeof params === 'object' && params !== null ? (params as { requestId?: unknown }).requestId : undefined;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return undefined;
    const call = this.calls.cancelOfLeg(requestId);
    // A call nobody cancelled was given up by the SDK when its timeout ran out
    // (2025-11-25/basic/lifecycle#timeouts: "the sender SHOULD issue a cancellation notification").
    if (call) return call.origin ?? auto('cancel: timeout');
    return undefined;
  }
}
