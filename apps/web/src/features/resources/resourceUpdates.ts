import type { FrameEvent } from '@mcpscope/protocol';

export interface ResourceUpdate {
  /** `notifications/resources/updated` frames for this URI in the session so far. */
  count: number;
  /** `t` (ms since session start) and seq of the latest one. */
  lastT: number;
  lastSeq: number;
}

/**
 * Counts `notifications/resources/updated` per URI (spec 2025-11-25 server/resources#subscriptions;
 * 2026-07-28 delivers the same notification on the subscriptions/listen stream).
 * Fed frame by frame; `version` grows on every change so views can memoize on it.
 */
export class ResourceUpdateTracker {
  private readonly byUri = new Map<string, ResourceUpdate>();
  version = 0;

  observe(frame: FrameEvent): boolean {
    const msg = frame.msg;
    if (frame.dir !== 'in' || !msg || msg.method !== 'notifications/resources/updated' || 'id' in msg) return false;
    const params = msg.params as { uri?: unknown } | undefined;
    if (typeof params?.uri !== 'string') return false;
    const prev = this.byUri.get(params.uri);
    this.byUri.set(params.uri, { count: (prev?.count ?? 0) + 1, lastT: frame.t, lastSeq: frame.seq });
    this.version++;
    return true;
  }

  get(uri: string): ResourceUpdate | undefined {
    return this.byUri.get(uri);
  }
}
