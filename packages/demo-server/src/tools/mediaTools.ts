import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { demoPng } from '../media/png.js';
import { demoWav } from '../media/wav.js';
import { STATIC_RESOURCES } from '../resources/catalogue.js';

export function registerMediaTools(server: McpServer): void {
  server.registerTool(
    'get_image',
    {
      title: 'Get an image',
      description: 'Returns a PNG (a gradient drawn in code) as image content.',
      inputSchema: z.object({ size: z.number().int().min(4).max(128).default(32).describe('Width and height in pixels') }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ size }) => ({
      content: [
        { type: 'text', text: `A ${size}x${size} gradient:` },
        { type: 'image', data: demoPng(size).toString('base64'), mimeType: 'image/png' },
      ],
    }),
  );

  server.registerTool(
    'get_audio',
    {
      title: 'Get an audio clip',
      description: 'Returns a short sine tone as audio content (WAV).',
      inputSchema: z.object({
        frequencyHz: z.number().min(50).max(4000).default(440),
        durationMs: z.number().int().min(50).max(2000).default(250),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ frequencyHz, durationMs }) => ({
      content: [{ type: 'audio', data: demoWav({ frequencyHz, durationMs }).toString('base64'), mimeType: 'audio/wav' }],
    }),
  );

  server.registerTool(
    'get_resource_links',
    {
      title: 'Get resource links',
      description: 'Returns resource_link items and one embedded resource.',
      annotations: { readOnlyHint: true },
    },
    async () => {
      const config = STATIC_RESOURCES.find((r) => r.name === 'config');
      const configText = config === undefined ? '{}' : (config.read() as { text: string }).text;
      return {
        content: [
          { type: 'text', text: 'Two links and one embedded resource:' },
          { type: 'resource_link', uri: 'demo://static/readme.md', name: 'readme', mimeType: 'text/markdown', description: 'The readme' },
          { type: 'resource_link', uri: 'demo://items/3', name: 'item-3', mimeType: 'application/json' },
          { type: 'resource', resource: { uri: 'demo://static/config.json', mimeType: 'application/json', text: configText } },
        ],
      };
    },
  );
}
