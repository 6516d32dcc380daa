import type { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The SDK's Transport and JSONRPCMessage, reached through ext-apps (the web does not import the MCP SDK itself). */
export type BridgeTransport = Parameters<AppBridge['connect']>[0];
export type BridgeMessage = Parameters<PostMessageTransport['send']>[0];

/**
 * A Transport that hands every message to `tap` before it goes on: `'out'` for what the host
 * sends to the view, `'in'` for what arrives from it (already a parsed JSON-RPC message; the
 * inner transport drops what is not JSON-RPC). The tap runs before the bridge sees an incoming
 * message, so a handler can rely on its request being queued for the frame log already.
 */
export function tapTransport(
  inner: BridgeTransport,
  tap: (dir: 'in' | 'out', msg: BridgeMessage) => void,
  admit: () => boolean = () => true,
): BridgeTransport {
  const outer: BridgeTransport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message, options) => {
      tap('out', message);
      return inner.send(message, options);
    },
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  };
  inner.onmessage = (message, extra) => {
    // Past the view's message budget (messageBudget.ts): neither handled nor recorded.
    if (!admit()) return;
    tap('in', message);
    outer.onmessage?.(message, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}
