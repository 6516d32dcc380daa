import type { McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import * as z from 'zod';

import type { DemoState } from '../demoState.js';

export const EXTRA_TOOL_NAME = 'extra_tool';

/**
 * `toggle_extra_tool` flips the shared switch; `extra_tool` is listed only while it is on.
 * Enabling or disabling a registered tool makes McpServer send
 * `notifications/tools/list_changed` on a connected instance (spec: server/tools#list-changed-notification).
 * Returns `sync`, which aligns this instance with the shared switch.
 */
export function registerExtraToolSwitch(server: McpServer, state: DemoState): { sync: () => void } {
  const extra: RegisteredTool = server.registerTool(
    EXTRA_TOOL_NAME,
    {
      title: 'Extra tool',
      description: 'Only listed after toggle_extra_tool turned it on.',
      inputSchema: z.object({ note: z.string().optional() }),
      annotations: { readOnlyHint: true },
    },
    async ({ note }) => ({ content: [{ type: 'text', text: `extra_tool says hi${note === undefined ? '' : `: ${note}`}` }] }),
  );
  if (!state.extraToolEnabled) extra.disable();

  server.registerTool(
    'toggle_extra_tool',
    {
      title: 'Toggle the extra tool',
      description: `Adds or removes "${EXTRA_TOOL_NAME}", which emits notifications/tools/list_changed.`,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async () => {
      const enabled = state.toggleExtraTool();
      return {
        content: [{ type: 'text', text: `${EXTRA_TOOL_NAME} is now ${enabled ? 'listed' : 'removed'}` }],
        structuredContent: { extraToolEnabled: enabled },
      };
    },
  );

  return {
    sync: () => {
      if (extra.enabled !== state.extraToolEnabled) extra.update({ enabled: state.extraToolEnabled });
    },
  };
}
