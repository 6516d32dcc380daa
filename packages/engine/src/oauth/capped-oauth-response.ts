import { EngineError } from '../errors/errors.js';

/**
 * Largest OAuth answer mcpscope reads (metadata, registration, token, an error page). Real ones
 * are a few KiB; the cap bounds memory as the MCP message cap does, lower because each answer
 * is also parsed, redacted and kept whole in the session's oauth events.
 */
export const MAX_OAUTH_RESPONSE_BYTES = 4 * 1024 * 1024;

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** What an answer is, in words, from its step (classifyStep): "authorization server metadata", "token exchange response". */
export function oauthAnswerName(step: string): string {
  if (step === 'protected-resource-metadata' || step === 'authorization-server-metadata') return step.replace(/-/g, ' ');
  if (step === 'http') return 'OAuth response';
  return `${step.replace(/-/g, ' ')} response`;
}

/**
 * The body read whole, but never more than `max` bytes: past that the stream is cancelled (the
 * server stops being read) and the error names what was refused and where.
 */
export async function readCapped(
  res: Response,
  what: string,
  url: string,
  max = MAX_OAUTH_RESPONSE_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!res.body) return new Uint8Array(0);
  const declared = Number(res.headers.get('content-length'));
  const refuse = (): EngineError => {
    const mib = max / (1024 * 1024);
    return new EngineError('ENGINE_RESPONSE_REFUSED', `mcpscope refused the ${what} larger than ${mib} MiB at ${url}`);
  };
  if (Number.isFinite(declared) && declared > max) {
    await res.body.cancel().catch(() => undefined);
    throw refuse();
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw refuse();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The same answer with its body already read (the SDK reads it again from memory). */
export function bufferedResponse(res: Response, body: Uint8Array<ArrayBuffer>): Response {
  return new Response(NULL_BODY.has(res.status) ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
