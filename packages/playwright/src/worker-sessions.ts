import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Engine } from '@mcpscope/engine';
import { SessionHandle } from './session-handle.js';
import { withoutStack } from './without-stack.js';

export interface SharedSession {
  handle: SessionHandle;
  /** Where the next test's frames start: every frame belongs to exactly one test. */
  nextFrom: number;
}

/**
 * The sessions a worker keeps for `mcpSessionScope: 'worker'`: one per server (by its option's
 * JSON), opened by the first test that asks, reopened when an earlier test left it closed,
 * closed when the worker ends.
 */
export class WorkerSessions {
  private readonly sessions = new Map<string, SharedSession>();
  private opened = 0;

  constructor(
    private readonly engine: Engine,
    private readonly traceFile: (n: number) => string,
  ) {}

  async get(mcpServer: unknown, connectTimeoutMs: number): Promise<SharedSession> {
    const key = JSON.stringify(mcpServer ?? null);
    const known = this.sessions.get(key);
    if (known && known.handle.session.info().state === 'connected') return known;
    if (known) await known.handle.close();
    this.sessions.delete(key);
    const trace = this.traceFile(++this.opened);
    mkdirSync(dirname(trace), { recursive: true });
    const handle = await SessionHandle.open(this.engine, mcpServer, { trace, connectTimeoutMs }).catch((err: Error) => {
      throw withoutStack(new Error(`${err.message}\n(the session's trace: ${trace})`));
    });
    const shared = { handle, nextFrom: 0 };
    this.sessions.set(key, shared);
    return shared;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.handle.close()));
    this.sessions.clear();
  }
}
