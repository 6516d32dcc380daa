import { test as base, expect } from '@playwright/test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SERVER, TESTS } from './server.mjs';

// What a server author hand-rolls today: the MCP SDK's client and stdio transport in a fixture.
const test = base.extend({
  client: async ({}, use) => {
    const client = new Client({ name: 'bench', version: '0.0.0' });
    await client.connect(new StdioClientTransport(SERVER));
    await use(client);
    await client.close();
  },
});

for (let i = 0; i < TESTS; i++) {
  test(`sdk ${i}`, async ({ client }) => {
    expect((await client.listTools()).tools).toHaveLength(1);
  });
}
