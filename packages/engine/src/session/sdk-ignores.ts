import type { Client } from '@modelcontextprotocol/client';
import type { JsonRpcMessage } from '@mcpscope/protocol';

const LOG = 'notifications/message';

/**
 * Whether the SDK client would do nothing with an inbound message, so the tap need not hand it
 * over (the frame is recorded, linted and shown all the same). Only a server's log message is
 * judged — what a chatty server floods with: the client has no handler for it unless someone
 * set one, yet the SDK classifies each message with zod type guards, three of which fail on a
 * notification, each building a ZodError: ~30 µs a notification in all (bench/README.md). Read from the SDK's handler table; if that is not there
 * as this SDK version has it, every message is handed over.
 */
export function sdkIgnores(client: Client): (message: JsonRpcMessage) => boolean {
  const sdk = client as unknown as { _notificationHandlers?: unknown; fallbackNotificationHandler?: unknown };
  return (message) => {
    if (message.method !== LOG || 'id' in message) return false;
    const handlers = sdk._notificationHandlers;
    return handlers instanceof Map && !handlers.has(LOG) && sdk.fallbackNotificationHandler === undefined;
  };
}
