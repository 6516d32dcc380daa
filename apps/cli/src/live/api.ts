import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ORIGIN_HEADER } from '@mcpscope/wire/plain';
import type { z } from 'zod';
import type { UiEntry } from '../ui-registry.js';

// No zod and no engine here (types aside): `call --session`'s fast path talks to the running
// mcpscope through this file. Callers that check a reply's shape with zod pass their schema.

/** A reply larger than this is refused (a result is the server's text; the cap keeps memory bounded). */
export const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/** The running mcpscope answered with an error from its catalogue (`{ error: { code, message, details } }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The engine's code behind a proxy error (`details.engineCode`), e.g. ENGINE_TIMEOUT. */
  get engineCode(): string | undefined {
    return typeof this.details.engineCode === 'string' ? this.details.engineCode : undefined;
  }
}

/** Nothing answered at the registered address (the process is gone, or it is not mcpscope). */
export class UnreachableError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`no answer from the mcpscope at ${url} (${reason})`);
    this.name = 'UnreachableError';
  }
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** An NDJSON body sent as it is written, while the reply is read (POST …/calls); instead of `body`. */
  lines?: Readable;
  /** Gives up on the request (its reply fails) when aborted. */
  signal?: AbortSignal;
  /** The CLI command this request belongs to (`cli: call tools/list`): stamped on the frames it sends. */
  origin?: string;
  /** Give up after this long (default: never: a request waits for the server as long as --timeout says). */
  timeoutMs?: number;
}

/** Header values are Latin-1: the reason keeps printable ASCII (the proxy cleans it again). */
const headerSafe = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

/** The proxy's error body (`{ error: { code, message, details? } }`, wire ApiErrorSchema), checked by hand. */
function apiErrorOf(status: number, body: unknown): ApiError | undefined {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return new ApiError(status, code, message, typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {});
}

/** One connection kept open between requests: `call --session` looks the session up, then calls. */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * The API of a running mcpscope, with its token (from the 0600 registry; never in an argv or an
 * environment). node:http rather than fetch: fetch gives up on a response after 300 s without
 * headers, and a tool call may take longer.
 */
export class LiveApi {
  constructor(readonly ui: UiEntry) {
    const url = new URL(ui.url);
    if (url.protocol !== 'http:') throw new UnreachableError(ui.url, 'not an http:// address');
  }

  async json<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.infer<S>> {
    const { status, body } = await this.send(req);
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ApiError(
        status,
        'MCPSCOPE_CLI_BAD_REPLY',
        `unexpected reply to ${req.method} ${req.path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    return parsed.data;
  }

  /** Resolves with the status and the parsed JSON body (undefined when empty); ApiError on ≥ 400. */
  async send(req: ApiRequest): Promise<{ status: number; body: unknown }> {
    const res = await this.open(req);
    const status = res.statusCode ?? 0;
    const body = await this.body(req, res);
    if (status < 400) return { status, body };
    throw apiErrorOf(status, body) ?? new ApiError(status, 'MCPSCOPE_CLI_BAD_REPLY', `HTTP ${status} from ${req.method} ${req.path}`);
  }

  /**
   * An NDJSON reply (POST …/call, …/calls), each line parsed and handed to `onLine` as it arrives;
   * resolves at its end. ApiError on ≥ 400 (a JSON error body), on a line that is not JSON, or
   * past MAX_REPLY_BYTES.
   */
  async lines(req: ApiRequest, onLine: (value: unknown) => void): Promise<void> {
    const res = await this.open(req);
    const status = res.statusCode ?? 0;
    if (status >= 400) {
      const body = await this.body(req, res);
      throw apiErrorOf(status, body) ?? new ApiError(status, 'MCPSCOPE_CLI_BAD_REPLY', `HTTP ${status} from ${req.method} ${req.path}`);
    }
    let pending = '';
    let size = 0;
    const take = (text: string): void => {
      if (text.trim() === '') return;
      try {
        onLine(JSON.parse(text));
      } catch (err) {
        if (err instanceof SyntaxError)
          throw new ApiError(status, 'MCPSCOPE_CLI_BAD_REPLY', `a line of the reply to ${req.method} ${req.path} is not JSON`);
        throw err;
      }
    };
    res.setEncoding('utf8');
    try {
      for await (const chunk of res as AsyncIterable<string>) {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) {
          res.destroy();
          throw new ApiError(
            status,
            'MCPSCOPE_CLI_REPLY_TOO_LARGE',
            `the reply to ${req.method} ${req.path} is larger than ${MAX_REPLY_BYTES} bytes`,
          );
        }
        const parts = (pending + chunk).split('\n');
        pending = parts.pop()!;
        for (const part of parts) take(part);
      }
    } catch (err) {
      // A cut connection (ECONNRESET…) is the running mcpscope gone; anything else is passed on.
      const code = (err as NodeJS.ErrnoException).code;
      if (err instanceof ApiError || typeof code !== 'string') throw err;
      throw new UnreachableError(this.ui.url, code);
    }
    take(pending);
  }

  /** The request sent; resolves with the response once its headers arrived. */
  private open(req: ApiRequest): Promise<IncomingMessage> {
    const url = new URL(req.path.replace(/^\//, ''), this.ui.url);
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = { authorization: `Bearer ${this.ui.token}`, accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (req.lines) headers['content-type'] = 'application/x-ndjson';
    if (req.origin) headers[ORIGIN_HEADER] = headerSafe(req.origin);
    return new Promise((resolve, reject) => {
      const r = httpRequest(url, { method: req.method, headers, agent, ...(req.signal ? { signal: req.signal } : {}) }, (res) => {
        res.on('error', () => undefined); // reported by whoever reads the body
        resolve(res);
      });
      r.on('error', (err) => reject(new UnreachableError(this.ui.url, (err as NodeJS.ErrnoException).code ?? err.message)));
      // Small writes that each wait for an answer (a line of --stdin each): nothing to gain by Nagle's wait.
      r.setNoDelay(true);
      if (req.timeoutMs !== undefined) r.setTimeout(req.timeoutMs, () => r.destroy(new Error(`no reply within ${req.timeoutMs} ms`)));
      if (req.lines) req.lines.pipe(r);
      else r.end(payload);
    });
  }

  /** A whole JSON body (undefined when empty). */
  private body(req: ApiRequest, res: IncomingMessage): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) {
          res.destroy();
          reject(
            new ApiError(
              res.statusCode ?? 0,
              'MCPSCOPE_CLI_REPLY_TOO_LARGE',
              `the reply to ${req.method} ${req.path} is larger than ${MAX_REPLY_BYTES} bytes`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => reject(new UnreachableError(this.ui.url, err.message)));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve(text === '' ? undefined : JSON.parse(text));
        } catch {
          reject(
            new ApiError(
              res.statusCode ?? 0,
              'MCPSCOPE_CLI_BAD_REPLY',
              `the reply to ${req.method} ${req.path} is not JSON (HTTP ${res.statusCode ?? 0})`,
            ),
          );
        }
      });
    });
  }
}
