import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/**
 * `configure_widget` exists for its inputSchema: a nested object, an array, an enum, an
 * anyOf (union), optional numbers, defaults and a multi-line string — everything a
 * generated form has to render.
 */
const widgetSchema = z.object({
  name: z.string().min(1).describe('Widget name'),
  kind: z.enum(['button', 'slider', 'chart']).describe('What sort of widget'),
  size: z
    .object({
      width: z.number().int().min(1).max(4096).default(320).describe('Width in pixels'),
      height: z.number().int().min(1).max(4096).optional().describe('Height in pixels (auto when absent)'),
    })
    .describe('Nested object'),
  tags: z.array(z.string().min(1)).max(10).default([]).describe('Free-form tags'),
  target: z
    .union([
      z.object({ type: z.literal('url'), href: z.url() }),
      z.object({ type: z.literal('resource'), uri: z.string().startsWith('demo://') }),
      z.string().describe('A plain label'),
    ])
    .optional()
    .describe('Where the widget points: a URL, a demo resource, or a label (anyOf)'),
  opacity: z.number().min(0).max(1).optional().describe('Optional number between 0 and 1'),
  retries: z.number().int().min(0).max(10).default(3).describe('Number with a default'),
  enabled: z.boolean().default(true),
  notes: z.string().max(2000).default('First line\nSecond line').describe('Multi-line text: newlines are kept'),
});

export function registerRichSchemaTool(server: McpServer): void {
  server.registerTool(
    'configure_widget',
    {
      title: 'Configure a widget',
      description: 'Takes a rich input (nested object, array, enum, anyOf, defaults, multi-line text) and echoes the parsed value.',
      inputSchema: widgetSchema,
      annotations: { title: 'Configure a widget', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (widget) => ({
      content: [{ type: 'text', text: `Configured ${widget.kind} "${widget.name}":\n${JSON.stringify(widget, null, 2)}` }],
      structuredContent: widget,
    }),
  );
}
