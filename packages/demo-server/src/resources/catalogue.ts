import type { Resource } from '@modelcontextprotocol/server';

import { CLOCK_URI } from '../demoState.js';
import { demoPng } from '../media/png.js';

/** Static resources and the item collection behind `demo://items/{id}`. */

export interface StaticResource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: string;
  read: () => { text: string } | { blob: string };
  annotations?: Resource['annotations'];
}

const README = `# Demo server

This server exists so that **mcpscope** has something to inspect.

- tools: echo, add, long_task, get_image, ask_llm, ...
- resources: static files, \`demo://items/{id}\`, \`${CLOCK_URI}\`
- prompts: \`greeting\`, \`summarize_item\`
`;

export const STATIC_RESOURCES: readonly StaticResource[] = [
  {
    name: 'hello',
    uri: 'demo://static/hello.txt',
    title: 'Hello (text)',
    description: 'A plain text resource',
    mimeType: 'text/plain',
    read: () => ({ text: 'Hello from the mcpscope demo server.\nThis is line two.' }),
    annotations: { audience: ['user', 'assistant'], priority: 0.5 },
  },
  {
    name: 'config',
    uri: 'demo://static/config.json',
    title: 'Config (JSON)',
    description: 'A JSON document',
    mimeType: 'application/json',
    read: () => ({ text: JSON.stringify({ theme: 'dark', retries: 3, features: ['tools', 'resources'] }, null, 2) }),
  },
  {
    name: 'readme',
    uri: 'demo://static/readme.md',
    title: 'Readme (markdown)',
    description: 'A markdown document',
    mimeType: 'text/markdown',
    read: () => ({ text: README }),
    annotations: { audience: ['user'], priority: 0.9, lastModified: '2026-01-01T00:00:00Z' },
  },
  {
    name: 'pixel',
    uri: 'demo://static/pixel.png',
    title: 'Gradient (binary PNG)',
    description: 'A binary blob resource (a 32x32 PNG)',
    mimeType: 'image/png',
    read: () => ({ blob: demoPng().toString('base64') }),
  },
  {
    name: 'clock',
    uri: CLOCK_URI,
    title: 'Clock',
    description: 'Current time; subscribe to get notifications/resources/updated every tick',
    mimeType: 'text/plain',
    read: () => ({ text: new Date().toISOString() }),
  },
];

export interface DemoItem {
  id: string;
  name: string;
  colour: string;
}

const COLOURS = ['red', 'green', 'blue', 'amber'] as const;

export const ITEMS: readonly DemoItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  name: `Item ${i + 1}`,
  colour: COLOURS[i % COLOURS.length],
}));

export function itemUri(id: string): string {
  return `demo://items/${id}`;
}

export function findItem(id: string): DemoItem | undefined {
  return ITEMS.find((item) => item.id === id);
}

export function completeItemId(prefix: string): string[] {
  return ITEMS.map((item) => item.id).filter((id) => id.startsWith(prefix));
}

/** Every concrete resource, in the order `resources/list` pages through them. */
export function listAllResources(): Resource[] {
  const statics: Resource[] = STATIC_RESOURCES.map((r) => ({
    uri: r.uri,
    name: r.name,
    title: r.title,
    description: r.description,
    mimeType: r.mimeType,
    ...(r.annotations !== undefined && { annotations: r.annotations }),
  }));
  const items: Resource[] = ITEMS.map((item) => ({
    uri: itemUri(item.id),
    name: `item-${item.id}`,
    title: item.name,
    mimeType: 'application/json',
  }));
  return [...statics, ...items];
}
