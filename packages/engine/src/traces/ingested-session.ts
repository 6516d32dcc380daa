import type { SessionEvent } from '@mcpscope/protocol';
import type { EngineMessage, SessionInfo, SessionState } from '../types.js';

/**
 * A session seen from outside (`mcpscope wrap` between a host and its server): its events are
 * pushed in by the ingest endpoint; mcpscope cannot send on it, so it is read-only like an
 * offline one, but live until the wrapper says it ended.
 */
export class IngestedSession {
  readonly offline = false;
  private state: SessionState = 'connected';
  private readonly items: SessionEvent[] = [];
  private readonly createdAt = Date.now();
  private details: Partial<SessionInfo> = {};

  constructor(
    readonly id: string,
    private readonly meta: { name: string; transport: 'stdio' | 'http' | 'sse'; target: string },
    private readonly emit: (message: EngineMessage) => void,
  ) {}

  info(): SessionInfo {
    return { id: this.id, ...this.meta, state: this.state, createdAt: this.createdAt, wrapped: true, ...this.details, roots: [], subscriptions: [] };
  }

  events(): readonly SessionEvent[] {
    return this.items;
  }

  async page(from: number, limit: number): Promise<SessionEvent[]> {
    return pageOf(this.items, from, limit);
  }

  async *all(): AsyncGenerator<SessionEvent> {
    yield* this.items;
  }

  /** Events as the wrapper recorded them (its seq and clock), filed under this session. */
  add(events: SessionEvent[]): void {
    for (const e of events) {
      const event = { ...e, sessionId: this.id } as SessionEvent;
      this.items.push(event);
      this.emit(event);
      this.observe(event);
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

/** Up to `limit` events with seq ≥ `from` from an in-memory, seq-ordered list. */
export function pageOf(items: readonly SessionEvent[], from: number, limit: number): SessionEvent[] {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.seq < from) lo = mid + 1;
    else hi = mid;
  }
  return items.slice(lo, lo + limit);
}
