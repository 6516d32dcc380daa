import { classifyMessage, idKey, messageId, type JsonRpcMessage } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import { explainTimeout } from '../errors/timeout-explained.js';
import type { EventLog } from '../events/event-log.js';
import { ambientOrigin } from '../origin/origin.js';
import { withEnvelope, type EnvelopeContext } from '../session/envelope.js';
import type { SendOptions, SendResult } from '../session/types.js';
import type { TappedTransport } from '../transports/tap.js';

/** What a raw send needs of its session: the connected transport, the envelope of the moment, the log. */
export interface RawSendContext {
  tap: TappedTransport;
  envelope: EnvelopeContext;
  log: Pick<EventLog, 'lastSeq' | 'now' | 'events'>;
}

interface Waiting {
  sentAt: number;
  timer: NodeJS.Timeout;
  resolve(result: SendResult): void;
  reject(error: Error): void;
}

/**
 * Requests typed by the user (the raw composer) go around the SDK client, so their answers
 * must not reach it: they are taken off the inbound stream here, by id. Ids the proxy assigns
 * are strings (`mcpscope-N`) and so never collide with the client's numeric ids.
 */
export class RawRequests {
  private readonly waiting = new Map<string, Waiting>();
  private counter = 0;

  /** How many raw requests wait for their answer. */
  get size(): number {
    return this.waiting.size;
  }

  nextId(): string {
    return `mcpscope-${++this.counter}`;
  }

  /**
   * Sends `message` as given, with the session's envelope (its `_meta`) added to the params; a
   * request without an id gets one of ours. Resolves with the answer, or with nothing once a
   * notification is written.
   */
  async send(message: Record<string, unknown>, opts: SendOptions, ctx: RawSendContext): Promise<SendResult> {
    const id = opts.notification ? undefined : (message.id ?? this.nextId());
    const msg: JsonRpcMessage = {
      jsonrpc: '2.0',
      ...(id === undefined ? {} : { id }),
      ...message,
      params: withEnvelope(message.params, ctx.envelope),
    };
    if (msg.params === undefined) delete msg.params;
    const timeoutMs = opts.timeoutMs ?? 60_000;
    const origin = opts.origin ?? ambientOrigin();
    const write = (): Promise<void> => (origin ? ctx.tap.sendAs(msg as never, origin) : ctx.tap.send(msg as never));
    if (opts.notification) {
      delete msg.id;
      // A server that stops reading stdin (or an HTTP server that never answers the POST) must
      // not leave the caller waiting forever: the write itself gets the timeout.
      await writeWithin(write(), timeoutMs);
      return {};
    }
    const key = idKey(messageId(msg)!);
    const since = ctx.log.lastSeq;
    const answer = this.expect(key, ctx.log.now(), timeoutMs);
    // Not awaited: the answer's timeout runs from now, whether or not the write has completed.
    write().catch((err: Error) => this.fail(key, err));
    return answer.catch((err: unknown) => Promise.reject(explainTimeout(err, ctx.log.events(), since)));
  }

  private expect(key: string, now: number, timeoutMs: number): Promise<SendResult> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new EngineError('ENGINE_TIMEOUT', `No response within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(key, { sentAt: now, timer, resolve, reject });
    });
  }

  /** Returns true when `msg` answered a raw request (and so is not for the SDK client). */
  settle(msg: JsonRpcMessage, now: number): boolean {
    const kind = classifyMessage(msg);
    const id = messageId(msg);
    if ((kind !== 'response' && kind !== 'error') || id === undefined) return false;
    const w = this.waiting.get(idKey(id));
    if (!w) return false;
    this.waiting.delete(idKey(id));
    clearTimeout(w.timer);
    w.resolve({ response: msg, latencyMs: Math.round((now - w.sentAt) * 1000) / 1000 });
    return true;
  }

  fail(key: string, error: Error): void {
    const w = this.waiting.get(key);
    if (!w) return;
    this.waiting.delete(key);
    clearTimeout(w.timer);
    w.reject(error instanceof EngineError ? error : new EngineError('ENGINE_SEND_FAILED', error.message, { cause: error }));
  }

  failAll(error: Error): void {
    for (const key of [...this.waiting.keys()]) this.fail(key, error);
  }
}

/** Rejects with ENGINE_TIMEOUT when a write has not completed within `ms`. */
export function writeWithin(write: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new EngineError('ENGINE_TIMEOUT', `The server did not take the message within ${ms} ms (it is not reading its input)`)),
      ms,
    );
  });
  return Promise.race([write, timeout]).finally(() => clearTimeout(timer));
}
