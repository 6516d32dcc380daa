import type { SessionEvent } from '@mcpscope/protocol';
import { z } from 'zod';
import type { LiveApi } from './api.js';

/** Events are the running mcpscope's own records; the fields read from them are checked where used. */
const EventsSchema = z.object({ events: z.array(z.custom<SessionEvent>((v) => typeof v === 'object' && v !== null)) });

const EVENTS_PAGE = 5_000;

/** Every event of one session of a running mcpscope so far, paged from its memory and disk (`lint --session`). */
export async function allEvents(api: LiveApi, sessionId: string): Promise<SessionEvent[]> {
  const path = `/api/sessions/${encodeURIComponent(sessionId)}/events`;
  const out: SessionEvent[] = [];
  for (let from = 0; ; ) {
    const { events } = await api.json({ method: 'GET', path: `${path}?from=${from}&limit=${EVENTS_PAGE}` }, EventsSchema);
    out.push(...events);
    const last = events.at(-1)?.seq;
    if (events.length < EVENTS_PAGE || typeof last !== 'number') return out;
    from = last + 1;
  }
}
