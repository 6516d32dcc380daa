import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  // applyDefaults (SEP-1034): schema defaults fill the fields an accepted answer leaves out.
  elicitation: { form: { applyDefaults: true }, url: {} },
  roots: { listChanged: true },
};

/**
 * The SDK client behind a session. `auto` negotiation probes with server/discover and falls
 * back to initialize (2026-07-28/basic/lifecycle), so one client speaks both eras.
 */
export function createClient(name: string, version: string, mode: 'auto' | 'legacy'): Client {
  return new Client(
    { name, version },
    {
      capabilities: CLIENT_CAPABILITIES,
      versionNegotiation: { mode },
    },
  );
}
