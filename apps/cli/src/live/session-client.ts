import { randomUUID } from 'node:crypto';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import type { RequestOutcome } from '@mcpscope/engine';
import { PendingServerRequestSchema, RequestReplySchema, SendMessageReplySchema, SessionListSchema, type SessionInfo } from '@mcpscope/wire';
import { z } from 'zod';
import type { LiveApi } from './api.js';

/** POST …/requests answers with the engine's RequestOutcome (a JSON-RPC error is a payload, not a failure). */
export type Outcome = RequestOutcome;

/** Frames and events are the running mcpscope's own records; the fields read from them are checked where used. */
const FramesSchema = z.object({ frames: z.array(z.custom<FrameEvent>((v) => typeof v === 'object' && v !== null)), total: z.number() });
const EventsSchema = z.object({ events: z.array(z.custom<SessionEvent>((v) => typeof v === 'object' && v !== null)) });
const PendingListSchema = z.object({ requests: z.array(PendingServerRequestSchema) });

export const FRAMES_PAGE = 500;
const EVENTS_PAGE = 5_000;

/**
 * One session of a running mcpscope, through its API: what `call`, `check` and `lint --session`
 * need. `origin` is the CLI command (`cli: call tools/list`); every mutating request carries it,
 * so the frames it causes say so in the UI and the trace.
 */
export class SessionClient {
  private readonly path: string;

  constructor(
    readonly api: LiveApi,
    readonly id: string,
    readonly origin: string,
  ) {
    this.path = `/api/sessions/${encodeURIComponent(id)}`;
  }

  /** A request through the session's SDK client (progress resets the timeout; input rounds go through the server-request queue). */
  async request(method: string, params: Record<string, unknown> | undefined, timeoutMs: number, callId: string = `cli-${randomUUID()}`): Promise<Outcome> {
    const body = { method, ...(params === undefined ? {} : { params }), timeoutMs, callId };
    const reply = await this.api.json({ method: 'POST', path: `${this.path}/requests`, body, origin: this.origin }, RequestReplySchema);
    return reply.outcome === 'error' ? { ...reply, source: reply.source ?? 'server' } : reply;
  }

  /** A JSON-RPC request sent exactly as written (array params, methods outside the era). */
  message(message: Record<string, unknown>, timeoutMs: number): Promise<z.infer<typeof SendMessageReplySchema>> {
    return this.api.json({ method: 'POST', path: `${this.path}/messages`, body: { message, timeoutMs }, origin: this.origin }, SendMessageReplySchema);
  }

  async setRoots(roots: Array<{ uri: string; name?: string }>): Promise<void> {
    await this.api.send({ method: 'PUT', path: `${this.path}/roots`, body: { roots }, origin: this.origin });
  }

  async setLogLevel(level: string): Promise<void> {
    await this.api.send({ method: 'PUT', path: `${this.path}/log-level`, body: { level }, origin: this.origin });
  }

  /** Frames by ordinal, from `index` on (one page) and how many the session has now. */
  frames(index: number, limit = FRAMES_PAGE): Promise<z.infer<typeof FramesSchema>> {
    return this.api.json({ method: 'GET', path: `${this.path}/frames?index=${index}&limit=${limit}` }, FramesSchema);
  }

  /** How many frames the session has (the ordinal the next one will get). */
  async frameCount(): Promise<number> {
    return (await this.frames(0, 1)).total;
  }

  /** Every event of the session so far, paged from memory and disk. */
  async allEvents(): Promise<SessionEvent[]> {
    const out: SessionEvent[] = [];
    for (let from = 0; ; ) {
      const { events } = await this.api.json({ method: 'GET', path: `${this.path}/events?from=${from}&limit=${EVENTS_PAGE}` }, EventsSchema);
      out.push(...events);
      const last = events.at(-1)?.seq;
      if (events.length < EVENTS_PAGE || typeof last !== 'number') return out;
      from = last + 1;
    }
  }

  /** The server's requests of this session waiting for an answer. */
  async pendingServerRequests(): Promise<Array<z.infer<typeof PendingServerRequestSchema>>> {
    const { requests } = await this.api.json({ method: 'GET', path: '/api/server-requests', timeoutMs: 10_000 }, PendingListSchema);
    return requests.filter((r) => r.sessionId === this.id);
  }

  async answer(requestId: string, answer: { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } }, origin: string): Promise<void> {
    await this.api.send({ method: 'POST', path: `${this.path}/server-requests/${encodeURIComponent(requestId)}`, body: answer, origin });
  }

  /** The session as the running mcpscope sees it now (undefined when it was removed). */
  async info(): Promise<SessionInfo | undefined> {
    const { sessions } = await this.api.json({ method: 'GET', path: '/api/sessions', timeoutMs: 10_000 }, SessionListSchema);
    return sessions.find((s) => s.id === this.id);
  }
}
