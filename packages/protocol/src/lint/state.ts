import type { Direction, JsonRpcMessage } from '../events.js';
import { idKey } from '../jsonrpc.js';

export interface InFlight {
  seq: number;
  method: string;
  params: Record<string, unknown>;
}

export interface ToolDef {
  name: string;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  [k: string]: unknown;
}

type Caps = Record<string, unknown>;

/**
 * Requests remembered per conversation: those in flight, and those already answered (to tell a
 * late second answer from an answer to an id never sent). A session makes calls without end,
 * so both are bounded: the oldest entry leaves first. A duplicate answer to one of the last
 * 10,000 answered requests is still told as such; an older one reads as an answer to an unknown
 * id (also a finding). Only a peer with 10,000 requests unanswered at once loses the oldest.
 */
export const MAX_REQUESTS_REMEMBERED = 10_000;

/** Adds `key` as the newest entry of an insertion-ordered set, dropping the oldest past `max`. */
function remember(set: Set<string>, key: string, max: number): void {
  set.delete(key);
  set.add(key);
  if (set.size > max) set.delete(set.values().next().value!);
}

/**
 * What the linter has learned about one conversation so far, shared by every rule. A new
 * transport attempt (lifecycle state `transport-attempt`) starts a new conversation: a fresh
 * LintState, so ids resent on the new transport are not "already in flight".
 */
export class LintState {
  era: 'legacy' | 'modern' | undefined;
  clientCaps: Caps | undefined;
  serverCaps: Caps | undefined;
  /** Legacy lifecycle: initialize sent, answered, and notifications/initialized sent. */
  initializeSent = false;
  initializeAnswered = false;
  initializedSent = false;
  /**
   * The complete tool listing last seen (all pages), by name. A name listed more than once maps
   * to its definition with an outputSchema (else the first); every one is in `toolVariants`.
   */
  tools = new Map<string, ToolDef>();
  /** Names the last listing holds more than once (ambiguous), with every definition listed. */
  toolVariants = new Map<string, ToolDef[]>();
  /** A complete tool listing was seen (`tools` is what the server offers, not just empty). */
  toolsListed = false;
  /** Pages of the listing being gathered (tools/list with cursors). */
  pendingTools: ToolDef[] = [];
  /** Resource name → URI from the last listing, for names listed once (a repeated name identifies nothing). */
  resourceUris = new Map<string, string>();
  /** URIs of the resources/list walk under way or last done (bounded like requests). */
  listedResourceUris = new Set<string>();
  /**
   * Server notifications sent before the server's capabilities were known (before it answered
   * initialize or server/discover), by method: judged once its answer tells the capabilities.
   */
  readonly earlyNotifications = new Map<string, { count: number; seqs: number[] }>();
  /** Cursors already followed, per method, within the current pagination walk. */
  cursors = new Map<string, Set<string>>();
  /** Progress tokens of requests in flight. */
  progressTokens = new Set<string>();
  /** A Mcp-Session-Id the server assigned over HTTP. */
  httpSessionId: string | undefined;
  /** The protocol version the initialize answer negotiated (legacy era). */
  protocolVersion: string | undefined;
  /** The legacy HTTP+SSE transport (2024-11-05): the Streamable HTTP header rules do not apply. */
  legacySse = false;
  /** Outgoing initialize requests whose HTTP POST has not been seen yet (stateless servers). */
  initializePostsPending = 0;
  /** Mcp-Session-Ids assigned by an initialize answer: requests carrying one come after initialization. */
  readonly initializedHttpSessions = new Set<string>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly finished = new Set<string>();

  private key(dir: Direction, id: string | number): string {
    return `${dir}|${idKey(id)}`;
  }

  /**
   * Seq of the last HTTP answer 401/403 (an authorization challenge). A request POSTed before it
   * and sent again after it with the same id and method is the transport retrying the same
   * message once authorized (the first POST was refused before the server read it), not a reuse.
   */
  authRejectedSeq = 0;

  /** The in-flight request `dir`/`id`, if any. */
  inFlightRequest(dir: Direction, id: string | number): InFlight | undefined {
    return this.inFlight.get(this.key(dir, id));
  }

  isInFlight(dir: Direction, id: string | number): boolean {
    return this.inFlight.has(this.key(dir, id));
  }

  start(dir: Direction, id: string | number, seq: number, msg: JsonRpcMessage): void {
    const params = (msg.params ?? {}) as Record<string, unknown>;
    const key = this.key(dir, id);
    this.inFlight.delete(key);
    this.inFlight.set(key, { seq, method: msg.method as string, params });
    if (this.inFlight.size > MAX_REQUESTS_REMEMBERED) {
      const [oldest, request] = this.inFlight.entries().next().value!;
      this.inFlight.delete(oldest);
      this.forgetToken(request);
    }
    const token = progressTokenOf(params);
    if (typeof token === 'string' || typeof token === 'number') this.progressTokens.add(String(token));
  }

  /** Finishes the request a response answers (it travelled the other way). */
  finish(responseDir: Direction, id: string | number): InFlight | 'finished' | undefined {
    const key = this.key(responseDir === 'in' ? 'out' : 'in', id);
    const request = this.inFlight.get(key);
    if (!request) return this.finished.has(key) ? 'finished' : undefined;
    this.inFlight.delete(key);
    remember(this.finished, key, MAX_REQUESTS_REMEMBERED);
    this.forgetToken(request);
    return request;
  }

  /** Requests in flight and answered ones remembered (both bounded by MAX_REQUESTS_REMEMBERED). */
  remembered(): { inFlight: number; finished: number } {
    return { inFlight: this.inFlight.size, finished: this.finished.size };
  }

  private forgetToken(request: InFlight): void {
    const token = progressTokenOf(request.params);
    if (token !== undefined) this.progressTokens.delete(String(token));
  }

  /** The capability object a side declared, or undefined when it is not known yet. */
  caps(side: 'client' | 'server'): Caps | undefined {
    return side === 'client' ? this.clientCaps : this.serverCaps;
  }

  /** Every definition the last listing gave `name` (several when the name is ambiguous). */
  toolDefs(name: string): ToolDef[] {
    const variants = this.toolVariants.get(name);
    if (variants) return variants;
    const def = this.tools.get(name);
    return def ? [def] : [];
  }

  /** Takes a complete listing: by name, the definition with an outputSchema first. */
  setTools(listed: ToolDef[]): void {
    const byName = new Map<string, ToolDef[]>();
    for (const t of listed) {
      const defs = byName.get(t.name);
      if (defs) defs.push(t);
      else byName.set(t.name, [t]);
    }
    this.tools = new Map([...byName].map(([name, defs]) => [name, defs.find((d) => d.outputSchema !== undefined) ?? defs[0]]));
    this.toolVariants = new Map([...byName].filter(([, defs]) => defs.length > 1));
  }

  /** A resources/list page: its URIs join the walk's (a first page starts a new walk). */
  listResources(resources: unknown[], firstPage: boolean): void {
    if (firstPage) this.listedResourceUris.clear();
    for (const r of resources as Array<{ uri?: unknown } | null>) {
      if (r && typeof r === 'object' && typeof r.uri === 'string') remember(this.listedResourceUris, r.uri, MAX_REQUESTS_REMEMBERED);
    }
  }
}

function progressTokenOf(params: Record<string, unknown>): unknown {
  return (params._meta as Record<string, unknown> | undefined)?.progressToken;
}

/** Name → URI of a resources/list page, for names listed exactly once (a repeated name identifies nothing). */
export function uniqueNameUris(resources: unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  const repeated = new Set<string>();
  for (const r of resources as Array<{ name?: unknown; uri?: unknown } | null>) {
    if (!r || typeof r !== 'object' || typeof r.name !== 'string' || typeof r.uri !== 'string') continue;
    if (out.has(r.name)) repeated.add(r.name);
    out.set(r.name, r.uri);
  }
  for (const name of repeated) out.delete(name);
  return out;
}
