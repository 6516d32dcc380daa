import { z } from 'zod';
import type { ApiClient } from './api';

/**
 * MCP Apps: every postMessage JSON-RPC message between mcpscope (the host) and an
 * app view is recorded in the session as an app-channel frame through
 * `POST /api/sessions/:id/app-messages` (wire: apps.ts). `dir: 'out'` = host → app, `'in'` = app → host.
 * The body matches wire's AppMessagesBodySchema: a view id, the ui:// uri, 1…500 messages.
 */
export type AppMessageDir = 'in' | 'out';

export interface AppMessage {
  dir: AppMessageDir;
  msg: unknown;
}

export interface AppMessagesBody {
  view: string;
  uri: string;
  messages: AppMessage[];
}

/** At most this many messages per POST (the route's limit). */
export const MAX_APP_MESSAGES_PER_POST = 500;
/** Serialized bytes per POST, well under the route's body limit (wire APP_MESSAGES_BODY_LIMIT, 16 MiB). */
export const MAX_APP_MESSAGES_BYTES = 12 * 1024 * 1024;
/** The largest message sent as it is: the proxy records a bigger one as a raw frame anyway. */
export const MAX_APP_MESSAGE_BYTES = 4 * 1024 * 1024;
/** A message over MAX_APP_MESSAGE_BYTES is sent as its first this-many characters (a raw frame with a finding). */
export const OVERSIZED_MESSAGE_PREFIX = 64 * 1024;

export type PostAppMessages = (sessionId: string, body: AppMessagesBody) => Promise<void>;

const SandboxOriginSchema = z.object({ sandboxOrigin: z.string() });

export function createAppMessagesApi(api: Pick<ApiClient, 'call'>): {
  post: PostAppMessages;
  sandboxOrigin: (sessionId: string) => Promise<string>;
} {
  return {
    post: (sessionId, body) => api.call('POST', `/api/sessions/${encodeURIComponent(sessionId)}/app-messages`, null, body),
    // The session's own sandbox origin (one per session: its apps' storage is theirs alone).
    sandboxOrigin: async (sessionId) =>
      (await api.call('GET', `/api/sessions/${encodeURIComponent(sessionId)}/sandbox-origin`, SandboxOriginSchema)).sandboxOrigin,
  };
}

export interface AppMessageBatcherOptions {
  post: PostAppMessages;
  sessionId: string;
  view: string;
  uri: string;
  /** Called once, on the first failed POST; later failures are silent (the app keeps working). */
  onError?: (err: unknown) => void;
  /** How the next flush is scheduled; a microtask by default. */
  schedule?: (fn: () => void) => void;
}

interface Queued {
  item: AppMessage;
  bytes: number;
}

/**
 * The messages of one view, batched: queued synchronously (the order they crossed postMessage),
 * flushed on the next microtask, one POST in flight at a time so the proxy records them in order,
 * ≤ 500 messages and ≤ 3 MiB per POST. A failed POST drops its batch and reports once.
 */
export class AppMessageBatcher {
  private queue: Queued[] = [];
  private scheduled = false;
  private inFlight: Promise<void> | null = null;
  private reported = false;
  private readonly schedule: (fn: () => void) => void;

  constructor(private readonly opts: AppMessageBatcherOptions) {
    this.schedule = opts.schedule ?? ((fn) => queueMicrotask(fn));
  }

  push(dir: AppMessageDir, msg: unknown): void {
    this.queue.push(sized(dir, msg));
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  /** Resolves once everything queued so far has been posted (or has failed). */
  async drain(): Promise<void> {
    while (this.inFlight || this.queue.length > 0) {
      if (this.inFlight) await this.inFlight;
      else await this.pump();
    }
  }

  private pump(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.queue.length === 0) return Promise.resolve();
    const batch = this.take();
    const { post, sessionId, view, uri } = this.opts;
    this.inFlight = post(sessionId, { view, uri, messages: batch })
      .catch((err: unknown) => {
        if (!this.reported) {
          this.reported = true;
          this.opts.onError?.(err);
        }
      })
      .finally(() => {
        this.inFlight = null;
        if (this.queue.length > 0) void this.pump();
      });
    return this.inFlight;
  }

  private take(): AppMessage[] {
    const out: AppMessage[] = [];
    let bytes = 0;
    while (this.queue.length > 0 && out.length < MAX_APP_MESSAGES_PER_POST) {
      const next = this.queue[0];
      if (out.length > 0 && bytes + next.bytes > MAX_APP_MESSAGES_BYTES) break;
      out.push(next.item);
      bytes += next.bytes;
      this.queue.shift();
    }
    return out;
  }
}

function sized(dir: AppMessageDir, msg: unknown): Queued {
  let text: string | undefined;
  try {
    text = JSON.stringify(msg);
  } catch {
    text = undefined; // a cycle or a BigInt: not JSON, recorded as text below
  }
  if (text === undefined) return { item: { dir, msg: String(msg) }, bytes: 64 };
  const bytes = utf8Length(text);
  if (bytes <= MAX_APP_MESSAGE_BYTES) return { item: { dir, msg }, bytes };
  // Too big to record as JSON: its beginning, as text (the proxy records a non-object msg as a raw frame).
  return { item: { dir, msg: text.slice(0, OVERSIZED_MESSAGE_PREFIX) }, bytes: OVERSIZED_MESSAGE_PREFIX };
}

const encoder = new TextEncoder();
/** Exact only when it matters: a short text cannot exceed 3 bytes per UTF-16 unit. */
function utf8Length(text: string): number {
  return text.length * 3 < 64 * 1024 ? text.length * 3 : encoder.encode(text).length;
}
