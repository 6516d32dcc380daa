import { setTimeout as delay } from 'node:timers/promises';

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/**
 * `long_task` reports `notifications/progress` for each step when the request carries a
 * progress token (spec: basic/utilities/progress — progress values increase, `total`
 * when known) and stops at the next step once the request is cancelled
 * (basic/utilities/cancellation: the receiver SHOULD stop processing).
 */
export function registerLongTask(server: McpServer): void {
  server.registerTool(
    'long_task',
    {
      title: 'Long-running task',
      description: 'Works through a number of steps, reporting progress after each; honours cancellation.',
      inputSchema: z.object({
        steps: z.number().int().min(1).max(100).default(5).describe('Number of steps'),
        stepMs: z.number().int().min(1).max(10_000).default(200).describe('Duration of one step in ms'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ steps, stepMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      const signal = ctx.mcpReq.signal;
      for (let step = 1; step <= steps; step++) {
        try {
          await delay(stepMs, undefined, { signal });
        } catch {
          process.stderr.write(`demo-server: long_task cancelled at step ${step}/${steps}\n`);
          return { content: [{ type: 'text', text: `Cancelled at step ${step} of ${steps}` }], isError: true };
        }
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: `Step ${step} of ${steps}` },
          });
        }
        await ctx.mcpReq.log('info', `long_task finished step ${step}/${steps}`, 'long_task');
      }
      return { content: [{ type: 'text', text: `Completed ${steps} steps` }] };
    },
  );
}
