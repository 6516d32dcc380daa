import { z } from 'zod';
import { LogLevelSchema, RootSchema } from './workbench.js';
import { OAuthConfigInputSchema } from './oauth.js';
import { SessionOtelSchema } from './otel.js';
import { cleanLabelText } from './display-name.js';

export * from './display-name.js';

/** Wire API version; bump on a breaking change of any schema in this package. */
export const WIRE_VERSION = 1;

const envRecord = z.record(z.string(), z.string());

/** `auto` (default): server/discover, falling back to initialize; `legacy`: initialize only. */
export const EraPreferenceSchema = z.enum(['auto', 'legacy']);

export const StdioConfigSchema = z.object({
  transport: z.literal('stdio'),
  command: z.string().min(1, 'command is required'),
  args: z.array(z.string()).default([]),
  env: envRecord.default({}),
  cwd: z.string().min(1).optional(),
  name: z.string().optional(),
  era: EraPreferenceSchema.optional(),
});

export const HttpConfigSchema = z.object({
  transport: z.enum(['http', 'sse', 'auto']),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  headers: envRecord.default({}),
  bearerToken: z.string().min(1).optional(),
  /** Authorize with OAuth 2.1; the proxy sets the redirect URI to its own /oauth/callback. */
  oauth: OAuthConfigInputSchema.optional(),
  name: z.string().optional(),
  era: EraPreferenceSchema.optional(),
});

/** What the user asks to connect to. `auto` tries Streamable HTTP, then legacy HTTP+SSE. */
export const SessionConfigSchema = z.discriminatedUnion('transport', [StdioConfigSchema, HttpConfigSchema]);
export type SessionConfig = z.infer<typeof SessionConfigSchema>;
export type SessionConfigInput = z.input<typeof SessionConfigSchema>;
export type StdioConfig = z.infer<typeof StdioConfigSchema>;
export type HttpConfig = z.infer<typeof HttpConfigSchema>;

export const SessionStateSchema = z.enum(['connecting', 'connected', 'failed', 'closed']);
export type SessionState = z.infer<typeof SessionStateSchema>;

export const ConnectErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  exitCode: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  stderrTail: z.array(z.string()).optional(),
  httpStatus: z.number().optional(),
  httpHeaders: z.record(z.string(), z.string()).optional(),
  /** The start of a 4xx/5xx response body (≤ 4 KiB), as text. */
  httpBody: z.string().optional(),
  /** What the server sent that answered nothing (stdout lines not JSON-RPC, responses to no request), in plain words. */
  sentInstead: z.array(z.string()).optional(),
});
export type ConnectError = z.infer<typeof ConnectErrorSchema>;

const jsonObject = z.record(z.string(), z.unknown());

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** The user's name for it when `named`, else one derived from the command or URL (see displayNameOf). */
  name: z.string(),
  /** `name` was given by the user (the Connect form, the config, or a rename): it wins over the server's own. */
  named: z.boolean().optional(),
  state: SessionStateSchema,
  transport: z.enum(['stdio', 'http', 'sse']),
  /** The command line or URL, for display. */
  target: z.string(),
  createdAt: z.number(),
  wrapped: z.boolean().default(false),
  pid: z.number().optional(),
  era: z.enum(['legacy', 'modern']).optional(),
  protocolVersion: z.string().optional(),
  serverInfo: jsonObject.optional(),
  serverCapabilities: jsonObject.optional(),
  clientCapabilities: jsonObject.optional(),
  instructions: z.string().optional(),
  mcpSessionId: z.string().optional(),
  /**
   * Why a session that probed with server/discover went legacy: one line (`server/discover
   * answered HTTP 500 → legacy initialize`), and whether the probe got no answer a legacy server
   * gives (silence, a 5xx, a body that is not JSON-RPC, an exit).
   */
  eraFallback: z.object({ reason: z.string(), probeFailed: z.boolean() }).optional(),
  /** The server forgot the HTTP session (404 to its MCP-Session-Id) and mcpscope started a new one: how often, the last when and why. */
  reinitialized: z.object({ count: z.number(), at: z.number(), reason: z.string() }).optional(),
  /** HTTP, idle: the server stopped answering since `since`, and why; the session is `connecting` while its event stream is reopened. */
  unreachable: z.object({ since: z.number(), reason: z.string() }).optional(),
  /** Why the connect failed (`failed`), or why the connection was lost (`closed`). */
  error: ConnectErrorSchema.optional(),
  /** The roots this client exposes to the server (always sent by this proxy; optional for older peers). */
  roots: z.array(RootSchema).optional(),
  /** Set with PUT …/log-level. */
  logLevel: LogLevelSchema.optional(),
  /** Resource URIs subscribed to with POST …/subscriptions (always sent by this proxy). */
  subscriptions: z.array(z.string()).optional(),
  /** 2026-07-28: the list-change listen stream is open (PUT …/list-changes, or watchListChanges at open). */
  listChanges: z.boolean().optional(),
  /** Opened from a trace file: read-only, request routes answer 409 MCPSCOPE_ERR_OFFLINE. */
  offline: z.boolean().optional(),
  /** What opening the trace noticed (e.g. a line cut off at the end). */
  warnings: z.array(z.string()).optional(),
  /** Started by Traces → Replay of this trace (its id). */
  replayOf: z.string().optional(),
  /** OpenTelemetry: trace id, trace context, the export's state, server spans (otel.ts). */
  otel: SessionOtelSchema.optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** The longest session name a user may give (PATCH /api/sessions/:id). */
export const SESSION_NAME_MAX = 80;

/**
 * PATCH /api/sessions/:id: rename a session (live, ended or offline). A string names it (trimmed,
 * control characters dropped, at most SESSION_NAME_MAX characters); `null` or an empty name
 * restores the automatic one. Answers `{ session }`; 404 for an unknown session.
 */
export const RenameSessionBodySchema = z.object({
  name: z
    .string()
    .max(SESSION_NAME_MAX * 4, `name: at most ${SESSION_NAME_MAX} characters`)
    .transform((s) => cleanLabelText(s, SESSION_NAME_MAX) ?? null)
    .nullable(),
});
export type RenameSessionBody = z.input<typeof RenameSessionBodySchema>;
