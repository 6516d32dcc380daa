// No imports: the early listener (./early/) answers with these codes before the engine is loaded.

/**
 * Who a proxy error is about: `request` — the caller's request is wrong (fix the request);
 * `auth` — the token, Host or Origin is not the inspector's own; `session` — the session or the
 * thing named does not exist or cannot do that now; `server` — the MCP server under test failed
 * or sent something unusable (its fault, not mcpscope's); `oauth` — an authorization failed;
 * `mcpscope` — mcpscope itself failed (a bug: it is logged).
 */
export type ErrorFamily = 'request' | 'auth' | 'session' | 'server' | 'oauth' | 'mcpscope';

/**
 * The one catalogue of proxy HTTP errors: code → status and family. Every error body the proxy
 * sends is `{ error: { code, message, details? } }` (ApiErrorSchema in @mcpscope/wire). Each code
 * has a line in docs/errors.md (a test holds the two together); a code is never reused for
 * another meaning.
 */
export const ERROR_CATALOGUE = {
  MCPSCOPE_ERR_BAD_REQUEST: { status: 400, family: 'request' },
  MCPSCOPE_ERR_UNAUTHORIZED: { status: 401, family: 'auth' },
  /** POST /api/session-code with a code that is unknown, expired (60 s) or already exchanged. */
  MCPSCOPE_ERR_SESSION_CODE_INVALID: { status: 401, family: 'auth' },
  MCPSCOPE_ERR_FORBIDDEN_HOST: { status: 403, family: 'auth' },
  MCPSCOPE_ERR_FORBIDDEN_ORIGIN: { status: 403, family: 'auth' },
  MCPSCOPE_ERR_NOT_FOUND: { status: 404, family: 'request' },
  MCPSCOPE_ERR_SESSION_NOT_FOUND: { status: 404, family: 'session' },
  MCPSCOPE_ERR_REQUEST_NOT_FOUND: { status: 404, family: 'session' },
  /** DELETE …/requests/:callId for a call that is not running (unknown or finished). */
  MCPSCOPE_ERR_CALL_NOT_FOUND: { status: 404, family: 'session' },
  /** DELETE …/subscriptions?uri= for a URI not subscribed to. */
  MCPSCOPE_ERR_SUBSCRIPTION_NOT_FOUND: { status: 404, family: 'session' },
  /** …/tasks/:taskId for a task the session does not know. */
  MCPSCOPE_ERR_TASK_NOT_FOUND: { status: 404, family: 'session' },
  MCPSCOPE_ERR_NOT_CONNECTED: { status: 409, family: 'session' },
  /** The session was opened from a trace (or is wrapped): read-only. */
  MCPSCOPE_ERR_OFFLINE: { status: 409, family: 'session' },
  /** No such trace in the traces folder. */
  MCPSCOPE_ERR_TRACE_NOT_FOUND: { status: 404, family: 'session' },
  /** An uploaded file that is not an mcpscope trace v1. */
  MCPSCOPE_ERR_BAD_TRACE: { status: 422, family: 'request' },
  /** A callId that is still running on the session. */
  MCPSCOPE_ERR_CALL_ID_IN_USE: { status: 409, family: 'request' },
  MCPSCOPE_ERR_PAYLOAD_TOO_LARGE: { status: 413, family: 'request' },
  MCPSCOPE_ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, family: 'request' },
  /** The OTLP receiver: more spans or bytes than the session's budget right now (Retry-After says when to come back). */
  MCPSCOPE_ERR_RATE_LIMITED: { status: 429, family: 'server' },
  /** The negotiated protocol era has no such method (e.g. ping on 2026-07-28); nothing was sent. */
  MCPSCOPE_ERR_METHOD_NOT_IN_ERA: { status: 422, family: 'request' },
  /** The server acknowledged the subscription without the URI. */
  MCPSCOPE_ERR_SUBSCRIPTION_REFUSED: { status: 422, family: 'server' },
  /** A task operation the server (its tasks capability) or the tool (execution.taskSupport) does not support; nothing was sent. */
  MCPSCOPE_ERR_TASKS_UNSUPPORTED: { status: 422, family: 'request' },
  MCPSCOPE_ERR_INTERNAL: { status: 500, family: 'mcpscope' },
  MCPSCOPE_ERR_CONNECT_FAILED: { status: 502, family: 'server' },
  MCPSCOPE_ERR_SEND_FAILED: { status: 502, family: 'server' },
  /** The server forgot the HTTP session (404 to its MCP-Session-Id): the request failed, mcpscope starts a new session. */
  MCPSCOPE_ERR_SESSION_EXPIRED: { status: 502, family: 'server' },
  /** The server went away during the request (connection refused, its stream cut): the session is lost. */
  MCPSCOPE_ERR_CONNECTION_LOST: { status: 502, family: 'server' },
  /** The server answered a request the proxy made for itself (setLevel, subscribe) with a JSON-RPC error: `details.rpcError`. */
  MCPSCOPE_ERR_UPSTREAM_ERROR: { status: 502, family: 'server' },
  /** The SDK client failed locally (e.g. too many input rounds): `details.sdkCode`. */
  MCPSCOPE_ERR_REQUEST_FAILED: { status: 502, family: 'server' },
  /** The server's answer came but mcpscope refused it at the boundary (nested too deep, larger than the cap): the reason is the message. */
  MCPSCOPE_ERR_SERVER_ANSWER_REFUSED: { status: 502, family: 'server' },
  /** A skill file the server serves did not match its entry (unlisted, size, digest, frontmatter): `details.reason`; not loaded. */
  MCPSCOPE_ERR_SKILL_UNVERIFIED: { status: 502, family: 'server' },
  MCPSCOPE_ERR_TIMEOUT: { status: 504, family: 'server' },
  /** A request that only the app answers arrived during start-up and waited too long for it (./early/). */
  MCPSCOPE_ERR_STARTING: { status: 503, family: 'mcpscope' },
  /** An OAuth authorization failed (discovery, registration, the AS's error, token exchange): `details.message`. */
  MCPSCOPE_ERR_OAUTH_FAILED: { status: 502, family: 'oauth' },
  /** OAuth on a session that cannot use it (stdio). */
  MCPSCOPE_ERR_OAUTH_UNSUPPORTED: { status: 422, family: 'request' },
  /** …/oauth/guided/next while no Guided authorization is paused (none started, running, waiting or finished). */
  MCPSCOPE_ERR_OAUTH_NOT_PAUSED: { status: 409, family: 'oauth' },
} as const satisfies Record<`MCPSCOPE_ERR_${string}`, { status: number; family: ErrorFamily }>;

export type ProxyErrorCode = keyof typeof ERROR_CATALOGUE;

/** The status of every code (the catalogue's statuses, for callers that need only those). */
export const ERROR_STATUS = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, e]) => [code, e.status])) as {
  readonly [C in ProxyErrorCode]: (typeof ERROR_CATALOGUE)[C]['status'];
};
