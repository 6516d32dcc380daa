import { classifyMessage } from '../jsonrpc.js';
import type { FrameRule } from './rule.js';

const ALLOWED_BEFORE_INIT = new Set([
  'initialize',
  'ping',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
]);

/**
 * 2025-11-25/basic/lifecycle#initialization: nothing but ping/logging before the handshake
 * completes. The spec says SHOULD NOT for both sides, so this is a warning.
 */
export const lifecycleOrder: FrameRule = {
  id: 'lifecycle-order',
  severity: 'warning',
  spec: '2025-11-25/basic/lifecycle#initialization',
  quote: 'The server SHOULD NOT send requests other than pings and logging before receiving the `initialized` notification.',
  description:
    'Legacy era: the client sends initialize first and notifications/initialized before other requests; the server sends only ping and logging before that.',
  onFrame: ({ frame, msg, state }) => {
    if (state.era === 'modern' || typeof msg.method !== 'string' || ALLOWED_BEFORE_INIT.has(msg.method)) return undefined;
    if (state.era === undefined && !state.initializeSent) return undefined; // not a legacy session (yet)
    if (frame.dir === 'out' && !state.initializedSent) {
      return `the client sent ${msg.method} before notifications/initialized`;
    }
    if (frame.dir === 'in' && classifyMessage(msg) === 'request' && !state.initializedSent) {
      return `the server sent ${msg.method} before the client's notifications/initialized`;
    }
    return undefined;
  },
};
