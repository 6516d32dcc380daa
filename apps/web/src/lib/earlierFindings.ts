import type { EventStore } from './eventStore';
import type { TracesApi } from './tracesApi';

/** Findings read back per session when the page joined late (the list keeps more as they arrive). */
export const EARLIER_FINDINGS_LIMIT = 5000;

/**
 * A page that joins a session mid-way (its backlog starts at frame `firstFrame` > 0) never saw
 * the earlier frames: their lint findings are read back from the proxy's disk copy with a
 * `has:finding` search, so the Findings tab still covers the whole session.
 */
export function earlierFindingsLoader(store: EventStore, api: Pick<TracesApi, 'searchFrames'>) {
  return (sessionId: string, firstFrame: number | undefined) => {
    if (firstFrame === undefined || firstFrame <= 0 || !store.startLoad(sessionId, 'earlier-findings')) return;
    api
      .searchFrames(sessionId, { filter: 'has:finding', before: firstFrame, limit: EARLIER_FINDINGS_LIMIT })
      .then((reply) =>
        store.addEarlierFindings(sessionId, firstFrame, reply.matches, (reply.total ?? reply.matches.length) - reply.matches.length),
      )
      .catch((err: unknown) => console.warn('mcpscope: could not read the earlier findings back', err))
      .finally(() => store.endLoad(sessionId, 'earlier-findings'));
  };
}
