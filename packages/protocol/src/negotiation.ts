import type { FrameEvent } from './events.js';
import { isRecord } from './is-record.js';

/**
 * Errors that are how a negotiation is meant to go, not a fault of the server: mcpscope's own
 * era probe (`server/discover`, 2026-07-28/basic/lifecycle) answered with an error by a server
 * of the 2025-11-25 era, which does not know the method. The session then initializes with the
 * legacy handshake. Views show these as neutral, with the reason, instead of a red error.
 */
export interface ExpectedError {
  /** A short label for a table cell: "era probe". */
  label: string;
  /** The sentence a tooltip or the frame detail shows. */
  reason: string;
}

const METHOD_NOT_FOUND = -32601;

/** The request was sent by mcpscope itself (its origin), not by the user. A trace may carry anything: read defensively. */
function sentByMcpscope(request: FrameEvent): boolean {
  const origin: unknown = Object.hasOwn(request, 'origin') ? request.origin : undefined;
  return isRecord(origin) && Object.hasOwn(origin, 'by') && origin.by === 'mcpscope';
}

/**
 * Whether `response` (an error answer) is expected negotiation traffic, given the request it
 * answers. Only frames mcpscope sent itself qualify: a user's own server/discover from the
 * Composer that fails is a result to show as it is.
 */
export function expectedError(request: FrameEvent | undefined, response: FrameEvent): ExpectedError | undefined {
  if (request?.dir !== 'out' || response.dir !== 'in' || request.channel === 'app') return undefined;
  const msg = response.msg;
  if (!msg || !Object.hasOwn(msg, 'error') || request.msg?.method !== 'server/discover' || !sentByMcpscope(request)) return undefined;
  const error = isRecord(msg.error) ? msg.error : {};
  const code = Object.hasOwn(error, 'code') ? error.code : undefined;
  if (code === METHOD_NOT_FOUND) {
    return {
      label: 'era probe',
      reason:
        'Expected: mcpscope asks server/discover to learn the protocol era; a 2025-11-25 server does not know the method (-32601), so mcpscope initializes with the legacy handshake instead.',
    };
  }
  return {
    label: 'era probe',
    reason: `Expected: mcpscope's server/discover probe was refused${typeof code === 'number' ? ` (${code})` : ''}, so mcpscope falls back to the legacy initialize handshake.`,
  };
}
