import { SdkError, SdkErrorCode, type Client, type FetchLike, type Transport } from '@modelcontextprotocol/client';
import { cleanOriginReason, type FrameOrigin, type HttpEvent, type JsonRpcId, type SessionEvent } from '@mcpscope/protocol';
import { TRANSPORT_ATTEMPT } from '@mcpscope/protocol/lint';
import { redact } from '@mcpscope/trace';
import { LEGACY_VERDICT_SPEC, NO_ANSWER, probeAnswer } from './era-reason.js';
import { EngineError } from '../errors/errors.js';
import type { EventLog } from '../events/event-log.js';
import type { OAuthRunner } from '../oauth/runner.js';
import { auto, HANDSHAKE, TRANSPORT_FALLBACK } from '../origin/origin.js';
import { TappedTransport, type OriginRules } from '../transports/tap.js';
import { createLegacySse, createStreamableHttp } from '../transports/http.js';
import { StdioProcessTransport } from '../transports/stdio-process.js';
import { DEFAULT_PROBE_TIMEOUT_MS, StdioTap } from '../transports/stdio-tap.js';
import { sdkIgnores } from './sdk-ignores.js';
import { createTappedFetch } from '../transports/tapped-fetch.js';
import type { ConnectError, EraFallback, HttpSessionConfig, SessionConfig, StdioSessionConfig } from './types.js';
import { strayOutput } from '../transports/stray-output.js';

export interface ConnectContext {
  log: EventLog;
  config: SessionConfig;
  timeoutMs: number;
  newClient(mode: 'auto' | 'legacy'): Client;
  stderrTail(): string[];
  /** Called before a second attempt, so errors describe the attempt that failed last. */
  onRetry(): void;
  /** The latest stdio transport made for this session, if any. */
  stdio?: StdioProcessTransport;
  stopGraceMs?: number;
  /** OAuth for HTTP sessions: its authProvider and step-up fetch go to the transport. */
  oauth?: OAuthRunner;
  /** An answer to request `id` was refused at the boundary (an HTTP body over the cap): fail it now. */
  undeliverable?(id: JsonRpcId, reason: string): void;
  /** The session's origin rules, on the tap from its first frame (a ping reply during the handshake). */
  origins?: OriginRules;
  /** Every HTTP exchange once it is in the log, with the code of its network failure if it had one. */
  onHttp?(event: HttpEvent, networkCode: string | undefined): void;
  /** Set by the connect when the session probed and went legacy (SessionInfo.eraFallback). */
  eraFallback?: EraFallback;
  /** The trace context the session sends while the user has it on (the handshake included). */
  traceContext?: TappedTransport['traceContext'];
}

export interface Connected {
  client: Client;
  tap: TappedTransport;
  transport: 'stdio' | 'http' | 'sse';
  pid?: number;
}

/**
 * Credentials (a bearer token, OAuth access tokens, cookies, API-key headers) never reach the
 * event log, the WS stream or the frame log: HTTP events carry them redacted.
 */
function tappedFetch(ctx: ConnectContext, transport: 'http' | 'sse'): FetchLike {
  const { log } = ctx;
  return createTappedFetch(
    (x, failure) => ctx.onHttp?.(log.add({ type: 'http', ...redactHeaders(x) }) as HttpEvent, failure?.code),
    fetch,
    {
      onOversize: ({ ids, size, detail }) => {
        log.refusedLine(`(${detail}: not kept)`, 'too-large', detail, size);
        for (const id of ids) ctx.undeliverable?.(id, `the server's answer was ${detail}; mcpscope refused it`);
      },
      // The SDK throws on an HTTP error status, so the tap never sees the JSON-RPC error in its body.
      onErrorAnswer: (msg, size) => log.frame('in', msg, size),
      transportDeliversModern400: transport === 'http',
    },
  );
}

function redactHeaders<T extends { requestHeaders?: Record<string, string>; responseHeaders?: Record<string, string> }>(x: T): T {
  return {
    ...x,
    ...(x.requestHeaders ? { requestHeaders: redact(x.requestHeaders) as Record<string, string> } : {}),
    ...(x.responseHeaders ? { responseHeaders: redact(x.responseHeaders) as Record<string, string> } : {}),
  };
}

function stdioTransport(ctx: ConnectContext, config: StdioSessionConfig): StdioProcessTransport {
  const { log } = ctx;
  return (ctx.stdio = new StdioProcessTransport(
    { ...config, stopGraceMs: ctx.stopGraceMs },
    {
      onSpawn: (pid) => log.add({ type: 'lifecycle', phase: 'spawn', pid, message: [config.command, ...config.args].join(' ') }),
      onStderr: (text) => log.add({ type: 'stderr', text }),
      onRawLine: (text, reason, size) => log.rawLine(text, reason, size),
      onRefusedLine: (text, what, detail, size) => log.refusedLine(text, what, detail, size),
      onNote: (message) => log.add({ type: 'lifecycle', phase: 'error', message }),
      onExit: (code, signal) =>
        log.add({ type: 'lifecycle', phase: 'exit', code, signal, message: signal ? `killed by ${signal}` : `exited with code ${code}` }),
    },
  ));
}

const probeTimeoutOf = (ctx: ConnectContext): number =>
  (ctx.config.transport === 'stdio' ? ctx.config.probeTimeoutMs : undefined) ?? DEFAULT_PROBE_TIMEOUT_MS;

/** A stdio tap: a probe left unanswered for `probeTimeoutMs` means a legacy server, initialized in place. */
function stdioTap(ctx: ConnectContext, client: Client, mode: 'auto' | 'legacy', inner: StdioProcessTransport): StdioTap {
  const timeoutMs = probeTimeoutOf(ctx);
  if (mode === 'auto') client.setVersionNegotiation({ mode, probe: { timeoutMs } });
  return new StdioTap(inner, ctx.log, () =>
    ctx.log.add({
      type: 'lifecycle',
      phase: 'state',
      message: `server/discover was answered after the ${timeoutMs} ms probe timeout, once the session had fallen back to initialize: a server slow to start; a longer --probe-timeout gives it its own era`,
    }),
  );
}

/**
 * The session goes legacy although it probed: `reason` (what the probe got) is kept for
 * SessionInfo.eraFallback and noted in the log, and the legacy handshake goes out as
 * `era fallback: <reason>`. `restart`: mcpscope starts a new attempt (a new conversation for the
 * linter) rather than the SDK initializing in place. `probeFailed`: the probe got no answer a
 * legacy server gives (silence, a 5xx, a body that is not JSON-RPC, an exit).
 */
function noteEraFallback(ctx: ConnectContext, reason: string, how: 'in place' | 'restart', probeFailed = how === 'restart'): FrameOrigin {
  const stdio = ctx.config.transport === 'stdio';
  const path = !stdio
    ? 'legacy initialize'
    : how === 'in place'
      ? 'legacy initialize on the same process'
      : 'restarted with the legacy initialize';
  ctx.eraFallback = { reason: `${reason} → ${path}`, probeFailed };
  const origin = auto(cleanOriginReason(`era fallback: ${reason}`) ?? 'era fallback');
  const marker = how === 'restart' ? { state: TRANSPORT_ATTEMPT } : {};
  ctx.log.add({ type: 'lifecycle', phase: 'state', ...marker, origin, message: `${ctx.eraFallback.reason} (${LEGACY_VERDICT_SPEC})` });
  return origin;
}

/** One connect attempt; what the client sends during it goes out as `origin` (the handshake, or a fallback's). */
async function attempt(
  ctx: ConnectContext,
  mode: 'auto' | 'legacy',
  inner: Transport,
  origin: FrameOrigin,
): Promise<{ client: Client; tap: TappedTransport }> {
  const client = ctx.newClient(mode);
  const tap = inner instanceof StdioProcessTransport ? stdioTap(ctx, client, mode, inner) : new TappedTransport(inner, ctx.log);
  const fromSeq = ctx.log.lastSeq;
  tap.origins = ctx.origins;
  tap.traceContext = ctx.traceContext;
  tap.clientIgnores = sdkIgnores(client);
  tap.phaseOrigin = origin;
  // The SDK falls back to initialize in place (a JSON-RPC error, a 4xx, a result that is no
  // discover result, or silence on stdio): say what the probe got, on the handshake it causes.
  // A fallback attempt (to HTTP+SSE) keeps its own origin for its handshake.
  tap.onEraFallback = () => {
    const answer = probeAnswer(ctx.log.events(), {
      fromSeq,
      probeTimeoutMs: inner instanceof StdioProcessTransport ? probeTimeoutOf(ctx) : undefined,
    });
    const fallback = noteEraFallback(ctx, answer ?? NO_ANSWER, 'in place', answer === undefined || answer.startsWith(NO_ANSWER));
    return origin === HANDSHAKE ? fallback : undefined;
  };
  try {
    await client.connect(tap, { timeout: ctx.timeoutMs });
    tap.phaseOrigin = undefined;
    return { client, tap };
  } catch (err) {
    // A broken pipe means the process is on its way out: wait for its exit (longer on a loaded
    // machine) so the exit code and stderr are told as the cause, not "write EPIPE".
    if (inner instanceof StdioProcessTransport) await inner.settle(brokenPipe(err) ? 5000 : 300);
    await client.close().catch(() => undefined);
    await tap.close().catch(() => undefined);
    throw err;
  }
}

function brokenPipe(err: unknown): boolean {
  const text = err instanceof Error ? `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` : String(err);
  return /EPIPE|ERR_STREAM_DESTROYED|ECONNRESET|closed/i.test(text);
}

/** The last exchange that failed: an error status, or (with `network`) no answer at all. */
function lastHttpFailure(log: EventLog, network = false): HttpEvent | undefined {
  const events = log.events();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'http' && ((e.status !== undefined && e.status >= 400) || (network && e.status === undefined && e.error))) return e;
  }
  return undefined;
}

/** The Streamable HTTP POST that failed before the legacy fallback `last` (auto transport), if any. */
function failedBeforeFallback(events: readonly SessionEvent[], last: HttpEvent): HttpEvent | undefined {
  // The last attempt: an era fallback on Streamable HTTP may come before the one to HTTP+SSE.
  const fellBack = events.findLastIndex((e) => e.type === 'lifecycle' && e.phase === 'state' && e.state === TRANSPORT_ATTEMPT);
  if (fellBack < 0) return undefined;
  for (let i = fellBack - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'http' && e !== last && e.status !== undefined && e.status >= 400) return e;
  }
  return undefined;
}

/**
 * The HTTP failure `last` in words. After the legacy fallback both attempts are named ("POST …
 * answered HTTP 404 (Streamable HTTP), then the legacy HTTP+SSE fallback: GET …"), and two 404s
 * point at the URL's path rather than the transport.
 */
function httpFailureMessage(events: readonly SessionEvent[], last: HttpEvent): string {
  const first = failedBeforeFallback(events, last);
  const prefix = first
    ? `${first.method} ${first.url} answered HTTP ${first.status} (Streamable HTTP), then the legacy HTTP+SSE fallback: `
    : '';
  const hint = last.status === 404 && first?.status === 404 ? ' (neither transport found an MCP endpoint at this URL: check its path)' : '';
  return `${prefix}${last.method} ${last.url} answered HTTP ${last.status}${bodyExcerpt(last.responseBody)}${hint}`;
}

/** One line of a body for a message; the whole (capped) body rides on ConnectError.httpBody. */
function bodyExcerpt(body: string | undefined): string {
  const line = body?.replace(/\s+/g, ' ').trim();
  if (!line) return '';
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function diedOnDiscover(log: EventLog, stdio: StdioProcessTransport): boolean {
  const events = log.events();
  const probed = events.some((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'server/discover');
  const answered = events.some((e) => e.type === 'frame' && e.dir === 'in');
  return probed && !answered && stdio.exitedOnItsOwn;
}

/** `auto` unless the config asks for the legacy handshake only. */
const modeOf = (config: SessionConfig): 'auto' | 'legacy' => (config.era === 'legacy' ? 'legacy' : 'auto');

async function connectStdio(ctx: ConnectContext, config: StdioSessionConfig): Promise<Connected> {
  let inner = stdioTransport(ctx, config);
  try {
    return { ...(await attempt(ctx, modeOf(config), inner, HANDSHAKE)), transport: 'stdio', pid: inner.pid };
  } catch (err) {
    // Some legacy servers exit on any request before initialize; the probe must not cost
    // the user their session (2026-07-28/basic/lifecycle: fall back to initialize).
    if (!diedOnDiscover(ctx.log, inner)) throw err;
    const origin = noteEraFallback(ctx, 'the server exited on server/discover', 'restart');
    ctx.onRetry();
    inner = stdioTransport(ctx, config);
    return { ...(await attempt(ctx, 'legacy', inner, origin)), transport: 'stdio', pid: inner.pid };
  }
}

function fetchFor(ctx: ConnectContext, transport: 'http' | 'sse'): FetchLike {
  const tapped = tappedFetch(ctx, transport);
  return ctx.oauth ? ctx.oauth.stepUpFetch(tapped) : tapped;
}

/**
 * The probe got something that is neither a modern answer nor a verdict the SDK acts on: a 5xx
 * (the SDK stops there), or a 2xx body that is not JSON-RPC. "Anything else identifies a legacy
 * server" (2026-07-28/basic/versioning): mcpscope tries the legacy handshake. A network failure,
 * an abort or an auth wall is no answer at all and stays an error.
 */
function probeNonAnswer(err: unknown): boolean {
  if (!(err instanceof SdkError) || err.code !== SdkErrorCode.EraNegotiationFailed) return false;
  const status = (err.data as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number') return status >= 500 && status <= 599;
  const cause = err.cause;
  if (cause instanceof SdkError) return cause.code === SdkErrorCode.ClientHttpUnexpectedContent;
  return cause instanceof Error && (cause.name === 'SyntaxError' || cause.name === 'ZodError');
}

async function connectHttp(ctx: ConnectContext, config: HttpSessionConfig): Promise<Connected> {
  const auth = ctx.oauth?.authProvider();
  const mode = modeOf(config);
  if (config.transport === 'sse')
    return { ...(await attempt(ctx, mode, createLegacySse(config, fetchFor(ctx, 'sse'), auth), HANDSHAKE)), transport: 'sse' };
  const fromSeq = ctx.log.lastSeq;
  try {
    return { ...(await attempt(ctx, mode, createStreamableHttp(config, fetchFor(ctx, 'http'), auth), HANDSHAKE)), transport: 'http' };
  } catch (err) {
    if (mode !== 'auto' || !probeNonAnswer(err)) return transportFallback(ctx, config, err);
    const origin = noteEraFallback(ctx, probeAnswer(ctx.log.events(), { fromSeq }) ?? 'server/discover got no usable answer', 'restart');
    ctx.onRetry();
    try {
      return { ...(await attempt(ctx, 'legacy', createStreamableHttp(config, fetchFor(ctx, 'http'), auth), origin)), transport: 'http' };
    } catch (legacyErr) {
      return transportFallback(ctx, config, legacyErr);
    }
  }
}

/** After Streamable HTTP failed with `err`: the legacy HTTP+SSE transport when its answer says so, else `err`. */
async function transportFallback(ctx: ConnectContext, config: HttpSessionConfig, err: unknown): Promise<Connected> {
  // Backwards compatibility (2025-11-25/basic/transports#backwards-compatibility): a POST
  // answered 400/404/405 means an old HTTP+SSE server; try GET for its endpoint event.
  const status = lastHttpFailure(ctx.log)?.status;
  if (config.transport !== 'auto' || (status !== 400 && status !== 404 && status !== 405)) throw err;
  // state 'transport-attempt': a new conversation for the linter (the retry resends the same ids).
  ctx.log.add({
    type: 'lifecycle',
    phase: 'state',
    state: TRANSPORT_ATTEMPT,
    message: `Streamable HTTP answered ${status}; trying the legacy HTTP+SSE transport`,
  });
  return {
    ...(await attempt(ctx, modeOf(config), createLegacySse(config, fetchFor(ctx, 'sse'), ctx.oauth?.authProvider()), TRANSPORT_FALLBACK)),
    transport: 'sse',
  };
}

/**
 * A new session on the same Streamable HTTP server after it forgot the old one: a new
 * InitializeRequest without the old MCP-Session-Id (2025-11-25/basic/transports#session-management,
 * "MUST start a new session"), sent as `origin`. The legacy handshake only: the server already
 * told its era, and the era is kept for the origin (2026-07-28/basic/versioning).
 */
export async function renewHttpSession(ctx: ConnectContext, origin: FrameOrigin): Promise<Connected> {
  const config = ctx.config as HttpSessionConfig;
  return {
    ...(await attempt(ctx, 'legacy', createStreamableHttp(config, fetchFor(ctx, 'http'), ctx.oauth?.authProvider()), origin)),
    transport: 'http',
  };
}

export function connectTransport(ctx: ConnectContext): Promise<Connected> {
  return ctx.config.transport === 'stdio' ? connectStdio(ctx, ctx.config) : connectHttp(ctx, ctx.config);
}

/** Turns whatever a failed connect threw into what the user needs to see. */
export function describeConnectError(ctx: ConnectContext, err: unknown): ConnectError {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof EngineError && err.code === 'ENGINE_SPAWN_FAILED') return { code: err.code, message };
  const events = ctx.log.events();
  const exit = [...events].reverse().find((e) => e.type === 'lifecycle' && e.phase === 'exit');
  if (exit && exit.type === 'lifecycle' && ctx.stdio?.exitedOnItsOwn) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    return {
      code: 'ENGINE_EXITED',
      message: `The server ${how} during connect`,
      exitCode: exit.code,
      signal: exit.signal,
      stderrTail: ctx.stderrTail(),
    };
  }
  const http = lastHttpFailure(ctx.log, true);
  if (http?.status === undefined && http?.error) {
    return { code: 'ENGINE_UNREACHABLE', message: `${http.method} ${http.url} failed: ${http.error}` };
  }
  if (http) {
    return {
      code: 'ENGINE_HTTP_STATUS',
      message: httpFailureMessage(events, http),
      httpStatus: http.status,
      httpHeaders: http.responseHeaders,
      ...(http.responseBody ? { httpBody: http.responseBody } : {}),
    };
  }
  const stray = strayOutput(events);
  const sentInstead = stray.length > 0 ? { sentInstead: stray } : {};
  if (err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout) {
    return {
      code: 'ENGINE_TIMEOUT',
      message: `No answer within ${ctx.timeoutMs} ms: ${message}`,
      stderrTail: ctx.stderrTail(),
      ...sentInstead,
    };
  }
  return {
    code: 'ENGINE_CONNECT_FAILED',
    message,
    stderrTail: ctx.config.transport === 'stdio' ? ctx.stderrTail() : undefined,
    ...sentInstead,
  };
}
