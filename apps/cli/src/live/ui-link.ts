import type { LiveApi } from './api.js';

/** A code as POST /api/browser-codes gives it (no zod here: `sessions` is a fast path). */
const CODE = /^[\w-]{1,128}$/;

/**
 * A single-use link to a running mcpscope's UI (`#code=`, valid 60 s; see apps/proxy token.ts):
 * printed instead of the token, as launch does. Undefined when it cannot mint one.
 */
export async function mintLink(api: LiveApi): Promise<string | undefined> {
  try {
    const { body } = await api.send({ method: 'POST', path: '/api/browser-codes', timeoutMs: 5_000 });
    const code = (body as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' && CODE.test(code) ? `${api.ui.url}#code=${code}` : undefined;
  } catch {
    return undefined;
  }
}

export const LINK_NOTE = 'a single-use link, valid for 60 s; `mcpscope sessions` prints a new one';
