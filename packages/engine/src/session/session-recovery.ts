import type { Client } from '@modelcontextprotocol/client';
import { idKey, type FrameOrigin, type JsonRpcId } from '@mcpscope/protocol';
import { NEW_SESSION } from '@mcpscope/protocol/lint';
import type { Connected } from './connect.js';
import { EngineError } from '../errors/errors.js';
import type { EventLog } from '../events/event-log.js';
import { HttpRecovery, NEW_SESSION_SPEC } from './http-recovery.js';
import { auto } from '../origin/origin.js';
import type { RawRequests } from '../requests/raw-requests.js';
import type { RequestRunner } from '../requests/request-runner.js';
import { quoteServerText } from '../events/server-text.js';
import type { TappedTransport } from '../transports/tap.js';
import type { ConnectError, SessionInfo, SessionState } from './types.js';

/** What a session lends its recovery (Session builds it from its own parts). */
export interface RecoveryHost {
  readonly sessionId: string;
  readonly log: EventLog;
  readonly url: string;
  readonly runner: RequestRunner;
  readonly raw: RawRequests;
  state(): SessionState;
  setState(state: SessionState): void;
  details(): Partial<SessionInfo>;
  /** The current client and tap, given up by the session (it has none until adopt). */
  release(): { client?: Client; tap?: TappedTransport };
  /** Stops the old session's work (tasks, waiting server requests); says what the server forgot with it. */
  forgetSession(): string;
  /** A new legacy handshake on the same server with the session's connect options, sent as `origin`; rejects with the reason in words. */
  reconnect(origin: FrameOrigin): Promise<Connected>;
  adopt(connected: Connected, extra: Partial<SessionInfo>): void;
  /** Ends the session as lost: closed, with `error`. */
  connectionLost(message: string, error: ConnectError): void;
  /** The session's current tap, if any. */
  tap(): TappedTransport | undefined;
  client(): Client | undefined;
}

const NEW_SESSION_ORIGIN = auto('new session: the server forgot the old one (HTTP 404)');

/**
 * What an HTTP session does when its server breaks (http-recovery.ts tells when): fail the
 * waiting requests with the reason at once, start a new session after a 404 (never resending
 * the request that got it), wait out an outage while the SDK reopens the event stream, and give
 * the session up as lost when nothing answers any more. One per session.
 */
export class SessionRecovery {
  readonly http: HttpRecovery;
  /** The new session under way after the server forgot the old one: requests wait for it. */
  renewing?: Promise<void>;
  /** Idle, the event stream could not be reopened: since when and why (the session is `connecting` meanwhile). */
  private outage?: { since: number; reason: string };
  /** Sessions the server forgot in a row, with nothing answered on the new one in between. */
  private expiredInARow = 0;

  constructor(private readonly host: RecoveryHost) {
    this.http = new HttpRecovery({
      live: () => (host.state() === 'connected' || this.outage !== undefined) && this.renewing === undefined,
      mcpSessionId: () => host.tap()?.sessionId,
      url: () => host.url,
      waiting: () => host.runner.busy || host.raw.size > 0,
      expired: (why) => this.expire(why),
      lost: (why) => this.lose(why),
      outage: (why) => this.startOutage(why),
      recovered: () => this.endOutage(),
      unanswered: (id) => this.abandon(id),
    });
  }

  /** What the session's info shows of it: an outage under way. */
  info(): Pick<SessionInfo, 'unreachable'> {
    return this.outage === undefined ? {} : { unreachable: { ...this.outage } };
  }

  /** The server answered something on the current session: it knows it. */
  answered(): void {
    this.expiredInARow = 0;
  }

  /** 404 to the session's id (`why`): waiting requests fail, none is resent, a new session starts (NEW_SESSION_SPEC), once in a row. */
  private expire(why: string): void {
    const { host } = this;
    const error = (method: string) =>
      new EngineError(
        'ENGINE_SESSION_EXPIRED',
        `${method}: the server no longer knows the session (${why}); mcpscope starts a new one and does not resend ${method}`,
        { sessionId: host.sessionId },
      );
    host.runner.failAll(error);
    host.raw.failAll(error('the request'));
    this.outage = undefined;
    if (this.expiredInARow++ > 0)
      return this.lose(`it forgot the new session too before answering anything on it: ${why}`, 'ENGINE_SESSION_EXPIRED');
    this.renewing = this.renew(why).finally(() => (this.renewing = undefined));
  }

  private async renew(why: string): Promise<void> {
    const { host } = this;
    const forgot = host.forgetSession();
    host.log.add({
      type: 'lifecycle',
      phase: 'state',
      state: NEW_SESSION,
      origin: NEW_SESSION_ORIGIN,
      message: `session expired: ${why}. mcpscope starts a new session (${NEW_SESSION_SPEC})${forgot}`,
    });
    if (host.state() !== 'connecting') host.setState('connecting');
    const old = host.release();
    if (old.tap) old.tap.forgotten = true;
    // Its waiting requests end now, each with the error expire() gave it.
    await old.client?.close().catch(() => undefined);
    let connected: Connected;
    try {
      connected = await host.reconnect(NEW_SESSION_ORIGIN);
    } catch (err) {
      if (host.state() !== 'closed')
        this.lose(`it forgot the session and a new one could not be started: ${(err as Error).message}`, 'ENGINE_SESSION_EXPIRED');
      return;
    }
    if (host.state() === 'closed') {
      // Closed meanwhile: this session is not wanted either.
      await connected.tap.close().catch(() => undefined);
      await connected.client.close().catch(() => undefined);
      return;
    }
    const { eraFallback, reinitialized } = host.details();
    host.adopt(connected, { eraFallback, reinitialized: { count: (reinitialized?.count ?? 0) + 1, at: Date.now(), reason: why } });
    const { mcpSessionId = '', era, protocolVersion } = host.details();
    host.log.add({
      type: 'lifecycle',
      phase: 'connect',
      origin: NEW_SESSION_ORIGIN,
      message: `new session ${quoteServerText(mcpSessionId, 40)}: ${era} era, protocol ${protocolVersion}`,
    });
    host.setState('connected');
  }

  private startOutage(why: string): void {
    this.outage = { since: Date.now(), reason: why };
    this.host.log.add({
      type: 'lifecycle',
      phase: 'state',
      message: `the server is not answering (${why}): its event stream is reopened for about a minute; a server back with this session goes on, one that forgot it gets a new session`,
    });
    this.host.setState('connecting');
  }

  private endOutage(): void {
    if (this.outage === undefined) return;
    this.outage = undefined;
    this.host.log.add({ type: 'lifecycle', phase: 'state', message: 'the server answers again, on the same session' });
    this.host.setState('connected');
  }

  /** The server is gone (`why`): the session is lost, its waiting requests fail with the reason, nothing more is sent (no DELETE). */
  private lose(why: string, code: 'ENGINE_CONNECTION_LOST' | 'ENGINE_SESSION_EXPIRED' = 'ENGINE_CONNECTION_LOST'): void {
    const { host } = this;
    this.outage = undefined;
    const message =
      code === 'ENGINE_CONNECTION_LOST' ? `the server closed the connection (${why})` : `the server forgot the session: ${why}`;
    host.runner.failAll((method) => new EngineError(code, `${method}: ${message}`, { sessionId: host.sessionId }));
    host.connectionLost(message, { code, message });
    const tap = host.tap();
    if (tap) tap.forgotten = true;
    void host
      .client()
      ?.close()
      .catch(() => undefined);
  }

  /** Request `id`'s stream ended without its answer while the server is still there: it fails now. */
  private abandon(id: JsonRpcId): void {
    const error = new EngineError('ENGINE_CONNECTION_LOST', 'the server ended the response stream without an answer', {
      sessionId: this.host.sessionId,
    });
    this.host.raw.fail(idKey(id), error);
    this.host.runner.failLeg(id, error, auto('cancel: stream ended without an answer'));
  }
}
