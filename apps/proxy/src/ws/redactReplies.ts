import type { FastifyRequest } from 'fastify';
import { redactSecretValues, type SecretValues } from '@mcpscope/trace';

/**
 * A preSerialization hook for /api replies: a route about one session (`:id`) is redacted with
 * that session's secrets; a list of sessions item by item. Anything else passes unchanged.
 */
export function redactRepliesHook(secretsOf: (sessionId: string | undefined) => SecretValues) {
  return async (request: FastifyRequest, _reply: unknown, payload: unknown): Promise<unknown> => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') return redactSecretValues(payload, secretsOf(id));
    const sessions = (payload as { sessions?: unknown } | null)?.sessions;
    if (!Array.isArray(sessions)) return payload;
    return { ...(payload as object), sessions: sessions.map((s: { id?: string }) => redactSecretValues(s, secretsOf(s?.id))) };
  };
}
