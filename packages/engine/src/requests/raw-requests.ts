import { classifyMessage, idKey, messageId, type JsonRpcMessage } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import type { SendResult } from '../session/types.js';

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

  expect(key: string, now: number, timeoutMs: number): Promise<SendResult> {
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
