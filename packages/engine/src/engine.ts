import { EngineError } from './errors.js';
import { Session } from './session.js';
import type { EngineMessage, OpenOptions, PendingServerRequest, SessionConfig, SessionInfo } from './types.js';
import { attachRecorder } from './recorder.js';

export interface EngineOptions {
  clientName?: string;
  clientVersion?: string;
  /** How long a stdio server gets to exit after stdin closes before SIGTERM (default 1000 ms). */
  stopGraceMs?: number;
}

/** Holds every session and fans their events out to subscribers (the proxy's /ws hub, the CLI). */
export class Engine {
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<(message: EngineMessage) => void>();
  private counter = 0;

  constructor(private readonly opts: EngineOptions = {}) {}

  async open(config: SessionConfig, opts: OpenOptions = {}): Promise<Session> {
    const id = `s${++this.counter}`;
    const session = new Session(id, config, {
      clientName: this.opts.clientName ?? 'mcpscope',
      clientVersion: this.opts.clientVersion ?? '0.1.0',
      stopGraceMs: this.opts.stopGraceMs,
      emit: (message) => this.emit(message),
    });
    this.sessions.set(id, session);
    if (opts.record) attachRecorder(session, opts.record, { redact: !opts.noRedact });
    this.emit({ type: 'session', session: session.info() });
    await session.connect(opts);
    return session;
  }

  list(): SessionInfo[] {
    return [...this.sessions.values()].map((s) => s.info());
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  require(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) throw new EngineError('ENGINE_SESSION_NOT_FOUND', `No session ${id}`);
    return session;
  }

  async close(id: string): Promise<boolean> {
    const session = this.sessions.get(id);
    if (!session) return false;
    await session.close();
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const closed = await this.close(id);
    if (closed) {
      this.sessions.delete(id);
      this.emit({ type: 'session-removed', sessionId: id });
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
  }

  subscribe(listener: (message: EngineMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Everything a new subscriber needs to catch up, in order. */
  backlog(): EngineMessage[] {
    const out: EngineMessage[] = [];
    for (const session of this.sessions.values()) {
      out.push({ type: 'session', session: session.info() });
      for (const event of session.events()) out.push(event);
    }
    for (const request of this.pendingServerRequests()) out.push({ type: 'server-request', request });
    return out;
  }

  pendingServerRequests(): PendingServerRequest[] {
    return [...this.sessions.values()].flatMap((s) => s.pendingServerRequests());
  }

  private emit(message: EngineMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        /* a subscriber's failure is its own; the engine and other subscribers go on */
      }
    }
  }
}
