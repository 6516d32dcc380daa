import type { Client } from '@modelcontextprotocol/client';
import { CLIENT_CAPABILITIES } from './client-factory.js';
import type { SessionInfo } from './types.js';

/** What the handshake (initialize or server/discover) told us, for SessionInfo. */
export function describeConnection(client: Client, mcpSessionId: string | undefined): Partial<SessionInfo> {
  const serverInfo = client.getServerVersion();
  return {
    era: client.getProtocolEra(),
    protocolVersion: client.getNegotiatedProtocolVersion(),
    serverInfo: serverInfo ? { ...serverInfo } : undefined,
    serverCapabilities: { ...(client.getServerCapabilities() ?? {}) },
    clientCapabilities: { ...CLIENT_CAPABILITIES },
    instructions: client.getInstructions(),
    mcpSessionId,
  };
}
