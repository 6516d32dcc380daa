/**
 * The public shapes of @mcpscope/playwright. This file imports nothing from the workspace: the
 * package's declaration files are built from it and ship without mcpscope's private packages.
 */

/** A stdio server: mcpscope spawns `command` under its supervisor and speaks MCP on its stdin/stdout. */
export interface McpStdioServer {
  command: string;
  args?: string[];
  /**
   * Added to the variables a stdio server inherits from the test process (HOME, LOGNAME, PATH,
   * SHELL, TERM, USER: the MCP SDK's list); nothing else of the test's environment reaches it.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** `auto` (default): 2026-07-28 `server/discover` first, `initialize` when unanswered; `legacy`: `initialize` at once. */
  era?: 'auto' | 'legacy';
  /** The session's name in the UI and the trace (default: from the command). */
  name?: string;
}

/** OAuth 2.1 for an HTTP server, run without a person: machine credentials, or an auto-approving test authorization server. */
export interface McpOAuth {
  /** `client_credentials` (default when a secret is given) or `authorization_code` (PKCE; the redirect chain is followed headless). */
  grant?: 'client_credentials' | 'authorization_code';
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /** RFC 8707 resource (default: the server URL). */
  resource?: string;
  authMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/** A server at a URL: Streamable HTTP, or legacy HTTP+SSE. */
export interface McpHttpServer {
  url: string;
  /** `auto` (default): Streamable HTTP, falling back to legacy HTTP+SSE when the server refuses it. */
  transport?: 'auto' | 'http' | 'sse';
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer …` (redacted in the trace). */
  bearer?: string;
  oauth?: McpOAuth;
  era?: 'auto' | 'legacy';
  name?: string;
}

/** The server under test: the `mcpServer` option. */
export type McpServer = McpStdioServer | McpHttpServer;

export type Severity = 'error' | 'warning' | 'info';

/** Why mcpscope sent a frame: the test's (or the UI's) action, or mcpscope itself (a handshake, a poll, a reply the spec requires). */
export interface FrameOrigin {
  by: 'user' | 'mcpscope';
  reason: string;
}

/** A spec finding, as `mcpscope check` and the Findings view report it. */
export interface McpFinding {
  rule: string;
  severity: Severity;
  message: string;
  /** The spec section, e.g. `2025-11-25/server/tools#output-schema` (absent for mcpscope's own checks). */
  spec?: string;
  /** The spec sentence the finding rests on, verbatim. */
  quote?: string;
  /** The event it is about: its `#` in the Frames view (0 when it belongs to no event, e.g. an HTTP probe). */
  seq: number;
  /** The frame's ordinal in the session (0-based), when the event is a frame. */
  ordinal?: number;
  /** One line of the frame or HTTP exchange it is about. */
  excerpt: string;
}

/** One JSON-RPC message that crossed the connection (or, on the `app` channel, between an MCP App and mcpscope as its host). */
export interface McpFrame {
  /** Its `#` in the Frames view and in the trace. */
  seq: number;
  /** The k-th frame of the session, from 0 (`mcpscope open` pages frames by it). */
  ordinal: number;
  /** Milliseconds since the session started. */
  t: number;
  /** `out`: mcpscope → server (on the app channel: host → app); `in`: server → mcpscope (app → host). */
  dir: 'in' | 'out';
  channel: 'server' | 'app';
  /** The parsed message; absent when the line was not JSON-RPC (then `raw`). */
  msg?: Record<string, unknown>;
  raw?: string;
  /** The method of a request or notification, or of the request this response answers. */
  method?: string;
  /** `invalid`: JSON, but not a JSON-RPC message; `raw`: not JSON at all. */
  kind: 'request' | 'notification' | 'response' | 'error' | 'invalid' | 'raw';
  /** Outgoing server-channel frames: who sent it and why. */
  origin?: FrameOrigin;
  /** App-channel frames: the view and its `ui://` resource. */
  app?: { uri: string; view: string };
  /** A response: how long after its request it came. */
  latencyMs?: number;
  findings: McpFinding[];
}

/** What the connection is: the handshake's outcome. */
export interface McpSessionInfo {
  transport: 'stdio' | 'http' | 'sse';
  era?: 'legacy' | 'modern';
  protocolVersion?: string;
  serverInfo?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  instructions?: string;
  pid?: number;
}

export type McpTool = Record<string, unknown> & {
  name: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
};

/** A `tools/call` result as the server sent it (a result with `isError: true` is a result, not an exception). */
export type McpToolResult = Record<string, unknown> & { content?: unknown[]; structuredContent?: unknown; isError?: boolean };

export interface McpTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  /** tasks/get requests mcpscope sent while following it. */
  polls: number;
  pollIntervalMs?: number;
}

export interface RequestOptions {
  /** Per response; every progress notification restarts it (default 60 000 ms). */
  timeout?: number;
}

/**
 * Answers the server's `sampling/createMessage`: return a CreateMessageResult, or a string for
 * a text answer from the assistant (model `mcpscope-test`). Throwing refuses it (JSON-RPC error -1).
 */
export type SamplingHandler = (
  params: Record<string, unknown>,
) => Record<string, unknown> | string | Promise<Record<string, unknown> | string>;

/** Answers `elicitation/create`: `{ action: 'accept', content: {…} }`, `{ action: 'decline' }` or `{ action: 'cancel' }`. */
export type ElicitationHandler = (params: Record<string, unknown>) => ElicitResult | Promise<ElicitResult>;

export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Answers any other request the server sends the client (its result object). */
export type ServerRequestHandler = (params: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * The `mcp` fixture: a session held by mcpscope's engine, the same one `mcpscope` runs in the UI
 * and `mcpscope check` runs headless. Frames and findings are those of the current test.
 */
export interface McpSession {
  info(): McpSessionInfo;
  /** Every page of tools/list. */
  tools(): Promise<McpTool[]>;
  callTool(name: string, args?: Record<string, unknown>, opts?: RequestOptions): Promise<McpToolResult>;
  /** A task-augmented tools/call followed to its end (polls, the questions it asks, its result). */
  callToolAsTask(
    name: string,
    args?: Record<string, unknown>,
    opts?: RequestOptions & { ttl?: number },
  ): Promise<{ result: McpToolResult; task?: McpTask }>;
  resources(): Promise<Record<string, unknown>[]>;
  resourceTemplates(): Promise<Record<string, unknown>[]>;
  readResource(uri: string, opts?: RequestOptions): Promise<Record<string, unknown>>;
  prompts(): Promise<Record<string, unknown>[]>;
  getPrompt(name: string, args?: Record<string, string>, opts?: RequestOptions): Promise<Record<string, unknown>>;
  /** Any request; its result, or an McpError carrying the server's JSON-RPC error. */
  request(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>>;
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** The roots this client exposes (`roots/list`; on 2025-11-25 a `notifications/roots/list_changed` follows). */
  setRoots(roots: Array<{ uri: string; name?: string }>): Promise<void>;
  onSampling(handler: SamplingHandler): void;
  onElicitation(handler: ElicitationHandler): void;
  onServerRequest(method: string, handler: ServerRequestHandler): void;
  /** The frames of this test, in order. */
  frames(): Promise<McpFrame[]>;
  /** The findings on this test's frames, at `severity` or worse (default: every finding). */
  findings(opts?: { severity?: Severity }): Promise<McpFinding[]>;
  /** The trace file being written (attached to the test's report as `mcpscope-trace`). */
  readonly tracePath: string;
}

/** What `toHaveSent` / `toHaveReceived` look for; every given field must match (objects partially, asymmetric matchers allowed). */
export interface FrameQuery {
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
  /** Outgoing frames: e.g. `{ reason: 'app: ui://get-time/mcp-app.html' }`. */
  origin?: Partial<FrameOrigin>;
  /** Default `server`. */
  channel?: 'server' | 'app';
  app?: { uri?: string; view?: string };
}

export interface CheckOptions {
  /** Call EVERY tool (side effects included) with arguments from its inputSchema and once with invalid ones, as `mcpscope check --exercise`. */
  exercise?: boolean;
  /** Call tools annotated readOnlyHint (`--call-tools`). */
  callTools?: boolean;
  /** Per request (default 15 000 ms). */
  timeout?: number;
}
