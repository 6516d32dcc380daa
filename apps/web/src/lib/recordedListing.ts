import { isRecord, type FrameEvent } from '@mcpscope/protocol';

/**
 * The listing a session recorded: for an offline trace, Tools, Resources and Prompts show
 * what the server answered to `tools/list` (etc.) then, not a fresh request (none can be sent).
 *
 * A listing is a run of pages (spec server/utilities/pagination): a request without `cursor`
 * starts one, a request whose `cursor` is the previous page's `nextCursor` continues it, and a
 * page without `nextCursor` completes it. The last complete run wins; with none complete, the
 * latest partial run is returned (`complete: false`) so the view can say so.
 */
export interface RecordedListing {
  /** The `result` objects of the run's pages, in order. */
  pages: Record<string, unknown>[];
  complete: boolean;
  /** Seq of the response that completed (or last extended) the run. */
  lastSeq: number;
}

interface Run {
  pages: Record<string, unknown>[];
  nextCursor: string | undefined;
  lastSeq: number;
}

/** JSON-RPC ids may be numbers or strings: keep them apart (3 vs "3"). */
function idKey(id: unknown): string | undefined {
  if (typeof id === 'number') return `n:${id}`;
  if (typeof id === 'string') return `s:${id}`;
  return undefined;
}

export function recordedListing(frames: Iterable<FrameEvent>, method: string): RecordedListing | undefined {
  // Outgoing `method` requests waiting for their response, by id: the cursor each asked for.
  const open = new Map<string, { cursor: string | undefined }>();
  let run: Run | undefined;
  let complete: Run | undefined;
  for (const frame of frames) {
    const msg = frame.msg as Record<string, unknown> | undefined;
    if (!isRecord(msg)) continue;
    const key = idKey(msg.id);
    if (key === undefined) continue;
    if (frame.dir === 'out') {
      if (msg.method === method) {
        const cursor = isRecord(msg.params) && typeof msg.params.cursor === 'string' ? msg.params.cursor : undefined;
        open.set(key, { cursor });
      } else open.delete(key); // the id was reused by another request
      continue;
    }
    if (frame.dir !== 'in' || typeof msg.method === 'string') continue; // a server request, not a response
    const request = open.get(key);
    if (!request) continue;
    open.delete(key);
    if (!isRecord(msg.result)) continue; // an error answer lists nothing
    const page = msg.result;
    const nextCursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (request.cursor === undefined) run = { pages: [page], nextCursor, lastSeq: frame.seq };
    else if (run && run.nextCursor === request.cursor) run = { pages: [...run.pages, page], nextCursor, lastSeq: frame.seq };
    else continue; // a page of a run this log does not hold from its start
    if (nextCursor === undefined) complete = run;
  }
  const pick = complete ?? run;
  if (!pick) return undefined;
  return { pages: pick.pages, complete: pick === complete, lastSeq: pick.lastSeq };
}
