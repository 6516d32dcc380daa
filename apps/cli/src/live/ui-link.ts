import { z } from 'zod';
import type { LiveApi } from './api.js';

const CodeReplySchema = z.object({ code: z.string().regex(/^[\w-]{1,128}$/) });

/**
 * A single-use link to a running mcpscope's UI (`#code=`, valid 60 s; see apps/proxy token.ts):
 * printed instead of the token, as launch does. Undefined when it cannot mint one.
 */
export async function mintLink(api: LiveApi): Promise<string | undefined> {
  try {
    const { code } = await api.json({ method: 'POST', path: '/api/browser-codes', timeoutMs: 5_000 }, CodeReplySchema);
    return `${api.ui.url}#code=${code}`;
  } catch {
    return undefined;
  }
}

export const LINK_NOTE = 'a single-use link, valid for 60 s; `mcpscope sessions` prints a new one';
