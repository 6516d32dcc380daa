import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';

import { CLOCK_URI, DemoState } from './demoState.js';
import { createDemoServer } from './server.js';

async function connectInMemory(state: DemoState, live = true): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDemoServer({ state, live }).connect(serverSide);
  const client = new Client({ name: 'unit', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('createDemoServer', () => {
  it('advertises every capability an inspector shows', async () => {
    const client = await connectInMemory(new DemoState());
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
    });
    expect(client.getInstructions()).toContain('mcpscope');
    await client.close();
  });

  it('releases the clock when a subscribed connection closes', async () => {
    const state = new DemoState({ clockIntervalMs: 60_000 });
    const client = await connectInMemory(state);
    await client.subscribeResource({ uri: CLOCK_URI });
    expect(state.clockRunning).toBe(true);
    await client.close();
    expect(state.clockRunning).toBe(false);
  });

  it('shares the extra-tool switch between instances', async () => {
    const state = new DemoState();
    const first = await connectInMemory(state);
    const second = await connectInMemory(state, false);
    await first.callTool({ name: 'toggle_extra_tool', arguments: {} });
    expect((await first.listTools()).tools.map((t) => t.name)).toContain('extra_tool');
    // A non-live instance keeps the list it was built with; a fresh one sees the change.
    expect((await second.listTools()).tools.map((t) => t.name)).not.toContain('extra_tool');
    const third = await connectInMemory(state, false);
    expect((await third.listTools()).tools.map((t) => t.name)).toContain('extra_tool');
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
