import type { FastifyRequest } from 'fastify';
import { cleanOriginReason, type FrameOrigin } from '@mcpscope/protocol';
import { DEFAULT_UI_REASON, ORIGIN_HEADER } from '@mcpscope/wire';

/**
 * Who made a mutating /api/sessions/:id/* request: always the user (a request with the token),
 * with the UI action from the ORIGIN_HEADER, cleaned (no control characters, ≤ 200 characters),
 * or `ui` without it. The engine stamps it on the frames the request sends.
 */
export function originOf(request: FastifyRequest): FrameOrigin {
  const value = request.headers[ORIGIN_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return { by: 'user', reason: (typeof text === 'string' ? cleanOriginReason(text) : undefined) ?? DEFAULT_UI_REASON };
}
