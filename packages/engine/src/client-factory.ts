import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import { UI_EXTENSION_ID, UI_EXTENSION_SETTINGS } from '@mcpscope/protocol';

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  // applyDefaults (SEP-1034): schema defaults fill the fields an accepted answer leaves out.
  elicitation: { form: { applyDefaults: true }, url: {} },
  roots: { listChanged: true },
  // MCP Apps (ext-apps 2026-01-26/apps#client-host-capabilities): mcpscope renders `ui://`
  // resources, so servers that check client capabilities offer their apps. The same object goes
  // out in the legacy `initialize` and the 2026-07-28 per-request `_meta` envelope.
  extensions: { [UI_EXTENSION_ID]: { mimeTypes: [...UI_EXTENSION_SETTINGS.mimeTypes] } },
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
