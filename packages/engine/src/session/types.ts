import type { TaskMessage } from '../tasks/types.js';
import type { FrameOrigin, SessionEvent } from '@mcpscope/protocol';
import type { OAuthConfig, UserAgent } from '../oauth/types.js';

export type { RequestOptions, RequestOutcome } from './request-types.js';

/**
 * Engine-side shapes of session configuration and state. apps/proxy parses HTTP bodies with
 * the zod schemas in @mcpscope/wire, which must stay assignable to these (the proxy's
 * typecheck proves it).
 */
/**
 * Which handshake to use: `auto` probes with server/discover and falls back to initialize
 * (2026-07-28/basic/lifecycle); `legacy` sends initialize straight away (a 2025-era session even
 * with a dual-era server).
 */
export type EraPreference = 'auto' | 'legacy';

export interface StdioSessionConfig {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  name?: string;
  era?: EraPreference;
  /** How long `auto` waits for an answer to server/discover before initializing (default 5000). */
  probeTimeoutMs?: number;
}

export interface HttpSessionConfig {
  transport: 'http' | 'sse' | 'auto';
  url: string;
  headers: Record<string, string>;
  bearerToken?: string;
  /** Authorize with OAuth 2.1: the SDK transport gets the token through the engine's OAuthRunner. */
  oauth?: OAuthConfig;
  name?: string;
  era?: EraPreference;
}

export type SessionConfig = StdioSessionConfig | HttpSessionConfig;

export type SessionState = 'connecting' | 'connected' | 'failed' | 'closed';

/** Why a connect failed, with what a user needs to fix it. */
export interface ConnectError {
  /** Local error code, e.g. ENGINE_SPAWN_FAILED, ENGINE_EXITED, ENGINE_HTTP_STATUS, ENGINE_TIMEOUT. */
  code: string;
  message: string;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string[];
  httpStatus?: number;
  httpHeaders?: Record<string, string>;
  /** The start of the error response's body (capped at 4 KiB). */
  httpBody?: string;
  /** What the server sent that answered nothing mcpscope waited for (stray-output.ts), in plain words. */
  sentInstead?: string[];
}

/** A session that probed with server/discover and went legacy: why. */
export interface EraFallback {
  /** One line: `server/discover answered HTTP 500 → legacy initialize`. Server text in it is quoted, escaped and clipped. */
  reason: string;
  /**
   * The probe got no answer a legacy server gives (silence until the probe timeout, a 5xx, a
   * body that is not JSON-RPC, an exit) rather than the error or 4xx the spec expects of one.
   */
  probeFailed: boolean;
}

export interface SessionInfo {
  id: string;
  /** The user's name for it when `named`, else derived from the command or URL (session-name.ts). */
  name: string;
  /** `name` was given by the user (config.name or a rename). */
  named?: boolean;
  state: SessionState;
  transport: 'stdio' | 'http' | 'sse';
  target: string;
  createdAt: number;
  wrapped: boolean;
  pid?: number;
  era?: 'legacy' | 'modern';
  protocolVersion?: string;
  serverInfo?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  clientCapabilities?: Record<string, unknown>;
  instructions?: string;
  mcpSessionId?: string;
  /** Why a session that probed with server/discover went legacy. */
  eraFallback?: EraFallback;
  /**
   * The server forgot the HTTP session (404 to its MCP-Session-Id) and mcpscope started a new
   * one: how many times, the last when (epoch ms) and why, one line.
   */
  reinitialized?: { count: number; at: number; reason: string };
  /**
   * HTTP, idle: the server stopped answering (its event stream could not be reopened) since
   * `since` (epoch ms), and why; the session is `connecting` while the SDK keeps reopening it.
   */
  unreachable?: { since: number; reason: string };
  /** Why it failed, or (closed) why the connection was lost. */
  error?: ConnectError;
  /** The roots this client exposes (answered to roots/list, legacy or embedded). */
  roots: Root[];
  /** The log level asked for: sent with logging/setLevel (legacy) or in every request's `_meta` (2026-07-28). */
  logLevel?: LogLevel;
  /** Resource URIs subscribed to (resources/subscribe, or a subscriptions/listen stream each). */
  subscriptions: string[];
  /** 2026-07-28: a list-change listen stream is open (the user turned it on). */
  listChanges?: boolean;
  /** Opened from a trace file: read-only. */
  offline?: boolean;
  /** What opening the trace noticed (e.g. a line cut off at the end). */
  warnings?: string[];
  /** Started by a replay of this trace (its id), e.g. Traces → Replay in the UI. */
  replayOf?: string;
  /** OpenTelemetry: the session's trace, its trace-context switch, the OTLP export's state, server spans collected. */
  otel?: SessionOtelInfo;
}

export interface SessionOtelInfo {
  traceId: string;
  /** Requests carry W3C trace context in `params._meta`. */
  traceContext: boolean;
  /** The live OTLP export (process-wide), when it is on. */
  export?: { state: 'off' | 'starting' | 'ok' | 'failing'; endpoint?: string; error?: string };
  /** The proxy's OTLP receiver takes this session's server spans. */
  serverSpans?: boolean;
}

export interface Root {
  uri: string;
  name?: string;
}

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface PendingServerRequest {
  sessionId: string;
  /** The server's JSON-RPC id as a string key (`idKey`): "n:3" or "s:abc". */
  requestId: string;
  method: string;
  params: unknown;
  receivedAt: number;
  /** 2026-07-28: the request's key in `inputRequests` (the requestId is unique per round). */
  inputKey?: string;
  /** 2026-07-28: the call (Session.request) whose `input_required` result embedded this request. */
  callId?: string;
  /** The task this request is input for: a v2 task's `inputRequests`, or (v1) a task the server made us run. */
  taskId?: string;
}

export type ServerRequestAnswer = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/** Everything the engine tells its subscribers, in order (the proxy maps them onto the /ws contract in one place: ws/wsMessageOf.ts). */
export type EngineMessage =
  | { type: 'session'; session: SessionInfo }
  | { type: 'session-removed'; sessionId: string }
  | { type: 'server-request'; request: PendingServerRequest }
  | { type: 'server-request-done'; sessionId: string; requestId: string }
  | RequestProgress
  | TaskMessage
  | { type: 'session-page-info'; sessionId: string; firstSeq: number; lastSeq: number; total: number; firstFrame: number; frames: number }
  | SessionEvent;

/** One `notifications/progress` of a running Session.request call. */
export interface RequestProgress {
  type: 'request-progress';
  sessionId: string;
  callId: string;
  progress: number;
  total?: number;
  message?: string;
}

export interface OpenOptions {
  /** The session replays this trace (its id): shown apart from sessions the user connected. */
  replayOf?: string;
  /** Write a trace v1 of this session to this file. */
  record?: string;
  /** Keep secrets in the trace (default: redacted). */
  noRedact?: boolean;
  /** Give up connecting after this long (default 30 s). */
  connectTimeoutMs?: number;
  /**
   * 2026-07-28: keep a subscriptions/listen stream open for the list changes the server
   * declares (`listChanged`), so they reach the frame log as they do on the legacy era. Off
   * by default: nothing in the spec asks a client to listen (2026-07-28/basic/patterns/
   * subscriptions: the client opens a stream when it wants notifications), and mcpscope sends
   * nothing on its own that the user did not enable. Its frames go out as `subscription listen`.
   */
  watchListChanges?: boolean;
  /** Drives the browser through an OAuth authorization (headless, loopback, or the web UI's callback). */
  oauthUserAgent?: UserAgent;
  /** Send W3C trace context in `params._meta` (default: the engine's telemetry option --trace-context). */
  traceContext?: boolean;
  /** stdio: start the server with the OTLP variables of the proxy's receiver (serverSpanEnv) and take its spans. */
  collectServerSpans?: boolean;
}

export interface SendOptions {
  notification?: boolean;
  timeoutMs?: number;
  /** Why it is sent (default: the ambient origin, else `unattributed`). */
  origin?: FrameOrigin;
}

export interface SendResult {
  response?: Record<string, unknown>;
  latencyMs?: number;
}
