import { z } from 'zod';
import {
  ApiErrorSchema,
  ConnectErrorSchema,
  InfoSchema,
  ORIGIN_HEADER,
  PendingServerRequestSchema,
  SendMessageReplySchema,
  SessionInfoSchema,
  SessionListSchema,
  type AnswerServerRequestBody,
  type Info,
  type PendingServerRequest,
  type SendMessageBody,
  type SendMessageReply,
  type SessionConfigInput,
  type SessionInfo,
} from '@mcpscope/wire';

/**
 * One error type for everything that goes wrong talking to the proxy. `code` is either a
 * proxy catalogue code (`MCPSCOPE_ERR_*`, with the HTTP status) or a local one:
 * `network` (no reply at all) or `bad-reply` (a reply that does not match the wire schema).
 */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly details: unknown;

  constructor(code: string, message: string, status?: number, details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

const SessionCodeReplySchema = z.object({ token: z.string().min(1) });

/**
 * Exchanges a single-use `#code=` for the token (POST /api/session-code, the one route that
 * needs no token). Rejects with an ApiRequestError when the code is refused (401: unknown,
 * expired or already used).
 */
export async function exchangeSessionCode(code: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl('/api/session-code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch (err) {
    throw new ApiRequestError('network', `Cannot reach the mcpscope proxy: ${(err as Error).message}`);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const parsed = ApiErrorSchema.safeParse(json);
    throw new ApiRequestError(
      parsed.success ? parsed.data.error.code : `http-${res.status}`,
      parsed.success ? parsed.data.error.message : `HTTP ${res.status}`,
      res.status,
    );
  }
  const parsed = SessionCodeReplySchema.safeParse(json);
  if (!parsed.success) throw new ApiRequestError('bad-reply', 'Unexpected reply from POST /api/session-code', res.status);
  return parsed.data.token;
}
/** Details of MCPSCOPE_ERR_CONNECT_FAILED: why the server did not come up. */
export const ConnectFailureDetailsSchema = ConnectErrorSchema.extend({ sessionId: z.string().optional() });
export type ConnectFailureDetails = z.infer<typeof ConnectFailureDetailsSchema>;

export function connectFailureDetails(err: unknown): ConnectFailureDetails | undefined {
  if (!(err instanceof ApiRequestError)) return undefined;
  const parsed = ConnectFailureDetailsSchema.safeParse(err.details);
  return parsed.success ? parsed.data : undefined;
}

const SessionReplySchema = z.object({ session: SessionInfoSchema });
// The list route's envelope is not in the wire package yet; accept the plausible shapes.
const ServerRequestListSchema = z.union([
  z.object({ requests: z.array(PendingServerRequestSchema) }).transform((r) => r.requests),
  z.object({ serverRequests: z.array(PendingServerRequestSchema) }).transform((r) => r.serverRequests),
  z.array(PendingServerRequestSchema),
]);

/**
 * Why the web sends a mutating call to a session: the tab and the action, e.g. `tools: call`,
 * `resources: subscribe`, `palette: ping`. Sent as the `x-mcpscope-origin` header; the proxy
 * records it as the outgoing frame's `origin` (`by: 'user'`), so the frame log can show which
 * click caused each frame. Required by every api function that can make a frame,
 * so no call site can forget it.
 */
export type OriginReason = `${string}: ${string}`;

/** Options of one call: the origin of a mutating call (see OriginReason). */
export interface CallOptions {
  origin?: OriginReason;
}

export interface ApiClientOptions {
  token: string;
  /** Origin of the proxy; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ token, baseUrl = '', fetch: fetchImpl = globalThis.fetch.bind(globalThis) }: ApiClientOptions) {
  async function call<T>(method: string, path: string, schema: z.ZodType<T> | null, body?: unknown, options: CallOptions = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.origin ? { [ORIGIN_HEADER]: options.origin } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiRequestError('network', `Cannot reach the mcpscope proxy: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    if (!res.ok) {
      const parsed = ApiErrorSchema.safeParse(json);
      if (parsed.success) {
        const { code, message, details } = parsed.data.error;
        throw new ApiRequestError(code, message, res.status, details);
      }
      throw new ApiRequestError(`http-${res.status}`, `HTTP ${res.status} ${res.statusText}`.trim(), res.status, text.slice(0, 500));
    }
    if (schema === null) return undefined as T;
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiRequestError('bad-reply', `Unexpected reply from ${method} ${path}: ${parsed.error.message}`, res.status);
    }
    return parsed.data;
  }

  /** A request with the token whose body or reply is not JSON (uploads, downloads); errors as `call`. */
  async function raw(method: string, path: string, init: { body?: BodyInit; contentType?: string } = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(init.contentType ? { 'Content-Type': init.contentType } : {}) },
        body: init.body,
      });
    } catch (err) {
      throw new ApiRequestError('network', `Cannot reach the mcpscope proxy: ${(err as Error).message}`);
    }
    if (res.ok) return res;
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = ApiErrorSchema.safeParse(json);
    if (parsed.success) throw new ApiRequestError(parsed.data.error.code, parsed.data.error.message, res.status, parsed.data.error.details);
    throw new ApiRequestError(`http-${res.status}`, `HTTP ${res.status} ${res.statusText}`.trim(), res.status, text.slice(0, 500));
  }

  const enc = encodeURIComponent;
  return {
    raw,
    /** The generic JSON call (token, errors, reply parsing) for clients of newer routes, e.g. lib/workbenchApi.ts. */
    call,
    info: (): Promise<Info> => call('GET', '/api/info', InfoSchema),
    listSessions: async (): Promise<SessionInfo[]> => (await call('GET', '/api/sessions', SessionListSchema)).sessions,
    /** `options`: trace context from the handshake on, and "collect server spans" for a stdio server (POST /api/sessions). */
    createSession: async (
      config: SessionConfigInput,
      options: { traceContext?: boolean; collectServerSpans?: boolean } = {},
    ): Promise<SessionInfo> => (await call('POST', '/api/sessions', SessionReplySchema, { config, ...options })).session,
    /** A name for people; null or '' restores the automatic one (PATCH /api/sessions/:id). */
    renameSession: async (id: string, name: string | null): Promise<SessionInfo> =>
      (await call('PATCH', `/api/sessions/${enc(id)}`, SessionReplySchema, { name })).session,
    closeSession: (id: string): Promise<void> => call('DELETE', `/api/sessions/${enc(id)}`, null),
    forgetSession: (id: string): Promise<void> => call('DELETE', `/api/sessions/${enc(id)}?forget=1`, null),
    sendMessage: (id: string, body: SendMessageBody, origin: OriginReason): Promise<SendMessageReply> =>
      call('POST', `/api/sessions/${enc(id)}/messages`, SendMessageReplySchema, body, { origin }),
    listServerRequests: (): Promise<PendingServerRequest[]> => call('GET', '/api/server-requests', ServerRequestListSchema),
    answerServerRequest: (sessionId: string, requestId: string, body: AnswerServerRequestBody, origin: OriginReason): Promise<void> =>
      call('POST', `/api/sessions/${enc(sessionId)}/server-requests/${enc(requestId)}`, null, body, { origin }),
  };
}
