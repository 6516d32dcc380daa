import { classifyMessage, messageId } from '../jsonrpc.js';
import type { FrameRule } from './rule.js';

const SPEC = '2025-11-25/basic/index#messages';

export const jsonrpcVersion: FrameRule = {
  id: 'jsonrpc-version',
  severity: 'error',
  spec: SPEC,
  quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
  description: 'Every message carries "jsonrpc": "2.0".',
  onFrame: ({ msg }) => (msg.jsonrpc === '2.0' ? undefined : `"jsonrpc" is ${JSON.stringify(msg.jsonrpc)}, not "2.0"`),
};

export const jsonrpcShape: FrameRule = {
  id: 'jsonrpc-shape',
  severity: 'error',
  spec: SPEC,
  quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
  description: 'A message is a request, a notification, or a response with exactly one of result and error.',
  onFrame: ({ msg }) => {
    if ('result' in msg && 'error' in msg) return 'a response has both "result" and "error"';
    if (typeof msg.method !== 'string' && !('result' in msg) && !('error' in msg)) return 'neither a method nor a result or error';
    if ('id' in msg && classifyMessage(msg) === 'invalid') {
      return `invalid id ${JSON.stringify(msg.id)}: ids are strings or numbers (and requests must not use null)`;
    }
    return undefined;
  },
};

export const notificationWithId: FrameRule = {
  id: 'notification-with-id',
  severity: 'error',
  spec: '2025-11-25/basic/index#notifications',
  quote: 'Notifications MUST NOT include an ID.',
  description: 'Notifications (notifications/*) must not carry an id.',
  onFrame: ({ msg }) =>
    typeof msg.method === 'string' && msg.method.startsWith('notifications/') && 'id' in msg
      ? `${msg.method} is a notification but carries id ${JSON.stringify(msg.id)}`
      : undefined,
};

export const duplicateInFlightId: FrameRule = {
  id: 'duplicate-inflight-id',
  severity: 'error',
  spec: '2025-11-25/basic/index#requests',
  quote: 'The request ID MUST NOT have been previously used by the requestor within the same session.',
  description:
    'A request id is not reused while a request with that id is in flight. A new transport attempt (mcpscope falling back from Streamable HTTP to HTTP+SSE, or restarting a stdio server) is a new session.',
  onFrame: ({ frame, msg, state }) => {
    const id = messageId(msg);
    if (classifyMessage(msg) !== 'request' || id === undefined) return undefined;
    const earlier = state.inFlightRequest(frame.dir, id);
    if (!earlier) return undefined;
    // The same request POSTed again after a 401/403 challenge (OAuth): a retry of one request.
    if (frame.dir === 'out' && earlier.seq < state.authRejectedSeq && earlier.method === msg.method) return undefined;
    return `request id ${JSON.stringify(id)} is already in flight`;
  },
};

export const responseToUnknownId: FrameRule = {
  id: 'response-unknown-id',
  severity: 'warning',
  spec: '2025-11-25/basic/index#responses',
  quote: 'Result responses MUST include the same ID as the request they correspond to.',
  description: 'A response answers a request that is in flight.',
  onFrame: ({ msg, request, frame, repeatAnswer }) => {
    const kind = classifyMessage(msg);
    if ((kind !== 'response' && kind !== 'error') || msg.id === null || request !== undefined) return undefined;
    const who = frame.dir === 'in' ? 'server' : 'client';
    return repeatAnswer
      ? `the ${who} answered id ${JSON.stringify(msg.id)} again, after it was already answered`
      : `the ${who} answered id ${JSON.stringify(msg.id)}, which no request in flight has`;
  },
};
