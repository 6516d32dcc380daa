import { z } from 'zod';
import { LogLevelSchema, RootSchema } from './workbench.js';
import { OAuthConfigInputSchema } from './oauth.js';
import { SessionOtelSchema } from './otel.js';

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
  /** Authorize with OAuth 2.1 (issue 4); the proxy sets the redirect URI to its own /oauth/callback. */
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

/**
 * Characters that hide or reorder text instead of showing it: C0/C1 controls and DEL (newlines
 * and tabs too: a label is one line), the soft hyphen, the Arabic letter mark, the Mongolian
 * vowel separator, zero-width spaces/joiners, LRM/RLM, line/paragraph separators, bidi
 * embeddings, overrides and isolates, word joiner and invisible operators, the BOM, the Unicode
 * tag characters, and lone surrogates.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text from an untrusted source (a server's serverInfo, a trace header) made fit for a one-line
 * label: a string only, invisible and control characters dropped, whitespace collapsed, cut at
 * `max` code points with an ellipsis. Undefined when nothing printable is left.
 */
export function cleanLabelText(raw: unknown, max: number): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.slice(0, max * 8).replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const points = Array.from(text);
  return points.length > max ? `${points.slice(0, max - 1).join('').trimEnd()}…` : text;
}

/** How long a label's name and version may be. */
export const LABEL_NAME_MAX = 48;
export const LABEL_VERSION_MAX = 24;

/** Which name a session shows, and where it came from. */
export interface DisplayName {
  name: string;
  /** The server's version as it should read ("v2.0.0"), whoever named the session; none before the handshake. */
  version?: string;
  source: 'user' | 'server' | 'derived';
}

const stringField = (obj: Record<string, unknown> | undefined, key: 'title' | 'name' | 'version'): unknown =>
  obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;

/**
 * A session's name for people (the web and `mcpscope sessions`): the user's own name wins; else
 * the server's `serverInfo` (its `title`, else its `name`, with its `version`) once the handshake
 * told it; else the name derived from the command or URL (before initialize, or when it failed).
 * Everything from the server is cleaned (cleanLabelText) and capped.
 */
export function displayNameOf(s: Pick<SessionInfo, 'name' | 'named' | 'serverInfo'>): DisplayName {
  const own = cleanLabelText(s.name, LABEL_NAME_MAX);
  const raw = cleanLabelText(stringField(s.serverInfo, 'version'), LABEL_VERSION_MAX);
  const version = raw === undefined ? {} : { version: /^\d/.test(raw) ? `v${raw}` : raw };
  if (s.named === true && own) return { name: own, ...version, source: 'user' };
  const server = cleanLabelText(stringField(s.serverInfo, 'title'), LABEL_NAME_MAX) ?? cleanLabelText(stringField(s.serverInfo, 'name'), LABEL_NAME_MAX);
  if (server) return { name: server, ...version, source: 'server' };
  return { name: own ?? 'unnamed session', source: 'derived' };
}

/** The name and version in one string: "Everything v2.0.0", "dev v2.0.0", "index.js". */
export const displayNameText = (d: DisplayName): string => (d.version ? `${d.name} ${d.version}` : d.name);
