import type { RequestOutcome } from './types.js';

/** A tool as tools/list gives it: the server's object, with the fields mcpscope reads. */
export type ToolDefinition = Record<string, unknown> & { name?: unknown; inputSchema?: unknown; outputSchema?: unknown };

/** What decides whether a listing may still be trusted without asking the server again. */
export interface CatalogTerms {
  era?: 'legacy' | 'modern';
  transport?: 'stdio' | 'http' | 'sse';
  /** The server declared `capabilities.tools.listChanged`. */
  listChanged: boolean;
  /** 2026-07-28: a listen stream for tool list changes is open. */
  listening: boolean;
}

interface Listing {
  tools: ToolDefinition[];
  receivedAt: number;
  /** 2026-07-28 caching hint: the smallest `ttlMs` of its pages (negative taken as 0). */
  ttlMs?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The tools of one tools/list page (anything that is not an object left out). */
export function toolsOfPage(result: Record<string, unknown>): ToolDefinition[] {
  return Array.isArray(result.tools) ? result.tools.filter(isObject) : [];
}

/** A page's `ttlMs`: absent unless a number; negative → 0 (2026-07-28/server/utilities/caching#time-to-live-ttl-field). */
export function ttlOfPage(result: Record<string, unknown>): number | undefined {
  return typeof result.ttlMs === 'number' && Number.isFinite(result.ttlMs) ? Math.max(0, result.ttlMs) : undefined;
}

/**
 * The session's last complete tools/list, so that a `call --session` with `--tool` needs no
 * tools/list of its own while the listing is known to be current. It is current:
 * - until the server says the list changed (`notifications/tools/list_changed`; the listing is
 *   dropped then, and refetched only when someone needs it: nothing is sent unasked);
 * - 2025-11-25: while the server declared `tools.listChanged` ("whether the server will emit
 *   notifications when the list of available tools changes", server/tools#capabilities) on a
 *   transport where its notifications reach us unasked (stdio, HTTP+SSE; a Streamable HTTP
 *   server needs a GET stream that may not be open). Without that promise it is never reused;
 * - 2026-07-28: for the result's `ttlMs` ("If ttlMs is 0, the response SHOULD be considered
 *   immediately stale", server/utilities/caching#time-to-live-ttl-field), or, without one,
 *   while a listen stream for tool changes is open ("rely on … notifications").
 * A new connection starts empty. A walk that a list_changed overtook stores nothing.
 */
export class ToolCatalog {
  private listing?: Listing;
  private generation = 0;

  /** The server changed its list, or the connection is new: forget what was listed. */
  invalidate(): void {
    this.listing = undefined;
    this.generation++;
  }

  /** A token for a walk about to start: store() ignores it if the list changed meanwhile. */
  begin(): number {
    return this.generation;
  }

  store(token: number, tools: ToolDefinition[], ttlMs: number | undefined, now: number): void {
    if (token !== this.generation) return;
    this.listing = { tools, receivedAt: now, ...(ttlMs === undefined ? {} : { ttlMs }) };
  }

  /** The listing when it may be trusted now, else undefined (ask the server). */
  current(terms: CatalogTerms, now: number): ToolDefinition[] | undefined {
    const listing = this.listing;
    if (!listing) return undefined;
    if (terms.era === 'modern') {
      if (listing.ttlMs === undefined) return terms.listening ? listing.tools : undefined;
      return listing.ttlMs > 0 && now < listing.receivedAt + listing.ttlMs ? listing.tools : undefined;
    }
    return terms.listChanged && terms.transport !== 'http' ? listing.tools : undefined;
  }

  /**
   * The listing when it is current, else a tools/list with every page walked through `ask`
   * (at most 100), kept for next time. Undefined when the first page failed; the pages before a
   * failed one otherwise.
   */
  async definitions(
    terms: CatalogTerms,
    ask: (params: { cursor?: string }) => Promise<RequestOutcome>,
  ): Promise<ToolDefinition[] | undefined> {
    const known = this.current(terms, Date.now());
    if (known) return known;
    const token = this.begin();
    const tools: ToolDefinition[] = [];
    let ttlMs: number | undefined;
    let cursor: unknown;
    for (let page = 0; page < 100; page++) {
      const out = await ask(cursor === undefined ? {} : { cursor: cursor as string });
      if (out.outcome !== 'result') return page === 0 ? undefined : tools;
      tools.push(...toolsOfPage(out.result));
      const ttl = ttlOfPage(out.result);
      if (ttl !== undefined) ttlMs = Math.min(ttl, ttlMs ?? ttl);
      cursor = out.result.nextCursor;
      if (typeof cursor !== 'string') {
        this.store(token, tools, ttlMs, Date.now());
        return tools;
      }
    }
    return tools;
  }
}
