import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { EventWindow, type WindowOptions } from '../events/event-window.js';
import type { EngineMessage, SessionInfo, SessionState } from '../session/types.js';
import type { FrameSearchQuery, FrameSearchResult } from './frame-reader.js';
import { givenName } from '../session/session-name.js';

/**
 * A session seen from outside (`mcpscope wrap` between a host and its server): its events are
 * pushed in by the ingest endpoint; mcpscope cannot send on it, so it is read-only like an
 * offline one, but live until the wrapper says it ended.
 */
export class IngestedSession {
  readonly offline = false;
  private state: SessionState = 'connected';
  private readonly window: EventWindow;
  private readonly createdAt = Date.now();
  private details: Partial<SessionInfo> = {};
  private userName?: string;

  constructor(
    readonly id: string,
    private readonly meta: { name: string; transport: 'stdio' | 'http' | 'sse'; target: string },
    private readonly emit: (message: EngineMessage) => void,
    window: WindowOptions,
  ) {
    this.window = new EventWindow(window);
  }

  info(): SessionInfo {
    const named = this.userName === undefined ? {} : { name: this.userName, named: true };
    return {
      id: this.id,
      ...this.meta,
      ...named,
      state: this.state,
      createdAt: this.createdAt,
      wrapped: true,
      ...this.details,
      roots: [],
      subscriptions: [],
    };
  }

  /** Engine.rename: null or blank restores the wrapper's name. */
  rename(name: string | null): void {
    this.userName = givenName(name);
  }

  /** The in-memory window (older events are in the spill file). */
  events(): readonly SessionEvent[] {
    return this.window.events();
  }

  pageInfo() {
    return { type: 'session-page-info' as const, sessionId: this.id, ...this.window.counts() };
  }

  page(from: number, limit: number): Promise<SessionEvent[]> {
    return this.window.page(from, limit);
  }

  frames(index: number, limit: number): Promise<FrameEvent[]> {
    return this.window.frames(index, limit);
  }

  searchFrames(q: FrameSearchQuery): Promise<FrameSearchResult> {
    return this.window.searchFrames(q);
  }

  all(): AsyncGenerator<SessionEvent> {
    return this.window.all();
  }

  /** Deletes the spill file (engine.remove). */
  dispose(): void {
    this.window.dispose();
  }

  /** Events as the wrapper recorded them (its seq and clock), filed under this session. */
  add(events: SessionEvent[]): void {
    for (const e of events) {
      const event = { ...e, sessionId: this.id } as SessionEvent;
      this.window.push(event);
      this.emit(event);
      this.observe(event);
      this.window.evict();
    }
  }

  end(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.emit({ type: 'session', session: this.info() });
  }

  private observe(e: SessionEvent): void {
    if (e.type !== 'frame' || e.dir !== 'in' || !e.msg || this.details.serverInfo) return;
    const result = e.msg.result as Record<string, unknown> | undefined;
    if (!result || typeof result !== 'object' || !result.serverInfo) return;
    this.details = {
      era: typeof result.protocolVersion === 'string' ? 'legacy' : 'modern',
      ...(typeof result.protocolVersion === 'string' ? { protocolVersion: result.protocolVersion } : {}),
      serverInfo: result.serverInfo as Record<string, unknown>,
      serverCapabilities: (result.capabilities as Record<string, unknown>) ?? {},
    };
    this.emit({ type: 'session', session: this.info() });
  }
}
