import type { HttpEvent, JsonRpcId } from '@mcpscope/protocol';
import { httpStatusText } from './era-reason.js';
import { quoteServerText } from '../events/server-text.js';
import { STREAM_RECONNECTION } from '../transports/http.js';
import { isUnreachableCode } from '../transports/network-error.js';
import { checkReachable, type Reachability } from '../transports/reachable.js';

/** The spec sentence a new session after a 404 rests on. */
export const NEW_SESSION_SPEC =
  '2025-11-25/basic/transports#session-management: "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new session by sending a new InitializeRequest without a session ID attached"';

export interface HttpRecoveryDeps {
  /** The session can be lost or renewed now (connected, not closing). */
  live(): boolean;
  /** The MCP-Session-Id of the current transport (requests of an older one are not this session's). */
  mcpSessionId(): string | undefined;
  url(): string;
  /** Some request of this session still waits for its answer. */
  waiting(): boolean;
  /** The server answered 404 to this session's id: it no longer knows it (`why`: one line). */
  expired(why: string): void;
  /** Nothing answers at the server's address any more (`why`: one line, e.g. `connection refused at …`). */
  lost(why: string): void;
  /**
   * Idle, the event stream could not be reopened (`why`): the server is down for now. The SDK
   * keeps reopening it; a 404 then means a new session, a stream means the old one goes on.
   */
  outage(why: string): void;
  /** The server answered again during an outage, on the same session. */
  recovered(): void;
  /** Request `id`'s stream ended without its answer while the server is still there. */
  unanswered(id: JsonRpcId): void;
}

/** `connection refused at http://127.0.0.1:3000/mcp`: what a network code says of the address. */
export function unreachableText(code: string, url: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused at ${url}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${url}`;
    default:
      return `${url} is unreachable (${code})`;
  }
}

/** How long after a connect that found the server it is asked again (reachableTwice). */
const CONFIRM_MS = 300;

/**
 * A server on its way out closes its response streams before its listening socket (a graceful
 * shutdown does it in that order, and even a killed process's sockets close one by one), so a
 * connect made the moment a stream ends can still reach a server that is going. Found there, it
 * is asked once more a moment later: a server that only closed the stream is there both times.
 */
async function reachableTwice(url: string): Promise<Reachability> {
  const first = await checkReachable(url);
  if (!first.reachable) return first;
  await new Promise((r) => setTimeout(r, CONFIRM_MS));
  return checkReachable(url);
}

/**
 * Watches one HTTP session's exchanges for the ways a server breaks between or during calls, so
 * the session says so at once rather than at a request's timeout:
 * - a 404 to a request carrying this session's MCP-Session-Id: the server forgot the session
 *   (restarted, expired it), and the client must start a new one (NEW_SESSION_SPEC);
 * - a refused connection: the server is gone. With a request waiting, or on a POST, at once; an
 *   idle event stream that the SDK reopens is an outage for as long as the SDK keeps trying
 *   (STREAM_RECONNECTION), so a server restarted meanwhile is met again (its 404 starts a new
 *   session) rather than lost;
 * - a request's response stream that ended without the answer (the SDK reads none after that):
 *   one TCP connect tells a server that is gone from one that only closed the stream.
 */
export class HttpRecovery {
  private refusedStreams = 0;
  /** Requests whose streams ended while a reachability check runs: its verdict is theirs. */
  private ended: JsonRpcId[] | undefined;
  /** The reachability check under way. */
  private checking: Promise<void> | undefined;

  constructor(private readonly deps: HttpRecoveryDeps) {}

  onHttp(event: HttpEvent, networkCode: string | undefined): void {
    const d = this.deps;
    if (!d.live()) return;
    const sent = event.requestHeaders['mcp-session-id'];
    if (event.status === 404 && sent !== undefined && sent === d.mcpSessionId() && event.method !== 'DELETE') {
      d.expired(`${event.method} ${event.url} answered ${httpStatusText(event)} to MCP-Session-Id ${quoteServerText(sent, 40)}`);
      return;
    }
    if (event.status !== undefined && event.status < 400 && this.refusedStreams > 0) {
      this.refusedStreams = 0;
      d.recovered();
    }
    if (networkCode === undefined) return;
    // Cut mid-exchange: a live server can do that too; whether it is still there decides.
    if (!isUnreachableCode(networkCode)) return this.verify([]);
    const why = unreachableText(networkCode!, event.url);
    if (event.method !== 'GET' || d.waiting()) return d.lost(why);
    // The SDK gives an idle stream STREAM_RECONNECTION.maxRetries reopenings, then gives up.
    if (++this.refusedStreams >= STREAM_RECONNECTION.maxRetries) d.lost(why);
    else if (this.refusedStreams === 1) d.outage(why);
  }

  /** Request `id`'s response stream ended before its answer. */
  onStreamEnd(id: JsonRpcId): void {
    if (this.deps.live()) this.verify([id]);
  }

  /** One TCP connect: nothing there, the session is lost; else the requests `ids` alone fail. */
  private verify(ids: JsonRpcId[]): void {
    const d = this.deps;
    if (this.ended) {
      this.ended.push(...ids);
      return;
    }
    const ended = (this.ended = [...ids]);
    this.checking = reachableTwice(d.url()).then((r) => {
      this.ended = this.checking = undefined;
      if (!d.live()) return;
      if (!r.reachable && isUnreachableCode(r.code)) d.lost(unreachableText(r.code, d.url()));
      else for (const one of ended) d.unanswered(one);
    });
  }

  /** Once the reachability check under way (if any) has had its say: a failed send waits for it, so its error tells why. */
  settled(): Promise<void> {
    return this.checking ?? Promise.resolve();
  }
}
