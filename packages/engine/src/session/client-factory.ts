import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import type { TaskReceiverCapabilities } from '@modelcontextprotocol/ext-tasks/receiver';
import { TASKS_EXTENSION_ID_V2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import { UI_EXTENSION_ID, UI_EXTENSION_SETTINGS } from '@mcpscope/protocol';

/**
 * 2025-11-25 `tasks` (2025-11-25/basic/utilities/tasks#client-capabilities): the server may run
 * its sampling/elicitation requests to mcpscope as tasks, and list/cancel them. It is exactly what
 * the ext-tasks receiver binding (tasks/receiver.ts) serves; a test holds the two equal.
 */
export const CLIENT_TASKS_CAPABILITY = {
  list: {},
  cancel: {},
  requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
} satisfies TaskReceiverCapabilities;

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  // applyDefaults (SEP-1034): schema defaults fill the fields an accepted answer leaves out.
  elicitation: { form: { applyDefaults: true }, url: {} },
  roots: { listChanged: true },
  // Task-augmented tools/call needs no client capability on 2025-11-25 (the server's
  // `tasks.requests.tools.call` decides); this declares the receiver side.
  tasks: CLIENT_TASKS_CAPABILITY,
  extensions: {
    // MCP Apps (ext-apps 2026-01-26/apps#client-host-capabilities): mcpscope renders `ui://`
    // resources, so servers that check client capabilities offer their apps. The same object goes
    // out in the legacy `initialize` and the 2026-07-28 per-request `_meta` envelope.
    [UI_EXTENSION_ID]: { mimeTypes: [...UI_EXTENSION_SETTINGS.mimeTypes] },
    // 2026-07-28 moved tasks into this extension (2026-07-28/basic/versioning#extension-negotiation,
    // SEP-2663): with it a server may answer any tools/call with a task, which the engine follows
    // (tasks/task-call.ts). Each era ignores the other's key: 2025-11-25 has no `extensions`,
    // 2026-07-28 no `tasks`.
    [TASKS_EXTENSION_ID_V2]: {},
  },
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
