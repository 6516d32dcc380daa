import type { LoggingLevel, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { inSpan } from '../telemetry/demoTelemetry.js';

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export function registerBasicTools(server: McpServer): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message it was given.',
      inputSchema: z.object({ message: z.string().describe('Text to send back') }),
      annotations: { title: 'Echo', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ message }, ctx) => {
      await ctx.mcpReq.log('debug', `echo called with ${message.length} characters`, 'echo');
      // A child span of the tools/call's server span (when the demo runs with OpenTelemetry on).
      const text = await inSpan(ctx.mcpReq, 'demo.echo.format', { 'demo.message.length': message.length }, () => message);
      return { content: [{ type: 'text' as const, text }] };
    },
  );

  server.registerTool(
    'add',
    {
      title: 'Add two numbers',
      description: 'Adds a and b; the result is also returned as structuredContent matching outputSchema.',
      inputSchema: z.object({ a: z.number().describe('First addend'), b: z.number().describe('Second addend') }),
      outputSchema: z.object({ sum: z.number(), expression: z.string() }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ a, b }) => {
      const output = { sum: a + b, expression: `${a} + ${b} = ${a + b}` };
      return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    },
  );

  server.registerTool(
    'fail',
    {
      title: 'Always fails',
      description: 'Returns a tool error (isError: true) so clients can show failures.',
      inputSchema: z.object({ reason: z.string().optional().describe('Text of the error') }),
      annotations: { readOnlyHint: true },
    },
    async ({ reason }) => ({
      content: [{ type: 'text', text: `Tool failed on purpose: ${reason ?? 'no reason given'}` }],
      isError: true,
    }),
  );

  server.registerTool(
    'emit_logs',
    {
      title: 'Emit log messages',
      description: 'Sends one notifications/message per requested level (2026-07-28: only if the request carries a log level).',
      inputSchema: z.object({
        levels: z.array(z.enum(LOG_LEVELS)).default(['debug', 'info', 'notice', 'warning', 'error']).describe('Levels to emit, in order'),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ levels }, ctx) => {
      for (const level of levels) {
        await ctx.mcpReq.log(
          level as LoggingLevel,
          { message: `a ${level} message from the demo server`, at: new Date().toISOString() },
          'demo',
        );
      }
      return { content: [{ type: 'text', text: `Emitted ${levels.length} log message(s): ${levels.join(', ')}` }] };
    },
  );
}
