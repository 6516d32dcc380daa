import { completable, type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { demoPng } from '../media/png.js';
import { completeItemId, findItem, itemUri } from '../resources/catalogue.js';

const STYLES = ['short', 'detailed', 'bullet points'] as const;

export function registerPrompts(server: McpServer): void {
  server.registerPrompt('greeting', { title: 'Greeting', description: 'A prompt without arguments' }, () => ({
    description: 'Say hello to the demo server',
    messages: [
      { role: 'user', content: { type: 'text', text: 'Hello! What can the mcpscope demo server do?' } },
      { role: 'assistant', content: { type: 'text', text: 'It has tools, resources, prompts, logging and more. Try the tools tab.' } },
    ],
  }));

  server.registerPrompt(
    'summarize_item',
    {
      title: 'Summarize an item',
      description: 'A prompt with arguments (both complete); embeds the item as a resource and an image',
      argsSchema: z.object({
        id: completable(z.string().describe('Item id, 1-12'), (value) => completeItemId(value)),
        // completable() goes inside optional(): the SDK unwraps optional before looking for it.
        style: completable(z.string().describe('short, detailed or bullet points'), (value) =>
          STYLES.filter((style) => style.startsWith(value)),
        ).optional(),
      }),
    },
    ({ id, style }) => {
      const item = findItem(id);
      if (item === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown item id: ${id}`);
      return {
        description: `Summarize ${item.name}`,
        messages: [
          { role: 'user', content: { type: 'text', text: `Write a ${style ?? 'short'} summary of the item below.` } },
          {
            role: 'user',
            content: { type: 'resource', resource: { uri: itemUri(item.id), mimeType: 'application/json', text: JSON.stringify(item) } },
          },
          { role: 'user', content: { type: 'image', data: demoPng(16).toString('base64'), mimeType: 'image/png' } },
        ],
      };
    },
  );
}
