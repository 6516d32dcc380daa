import { describe, expect, it } from 'vitest';

import { connectStdio } from './testkit/demoClients.js';
import { defineFeatureSuite } from './testkit/featureSuite.js';

// Spawns the built entry: run `pnpm --filter @mcpscope/demo-server build` first.

describe('stdio, 2025-era client', () => {
  defineFeatureSuite('legacy', () => connectStdio('legacy'));
});

describe('stdio, 2026-07-28 client', () => {
  defineFeatureSuite('modern', () => connectStdio('modern'));
});

describe.each(['legacy', 'modern'] as const)('stdio entry (%s)', (era) => {
  it('announces itself on stderr and stops long_task when the call is cancelled', async () => {
    const { client, stderr, close } = await connectStdio(era);
    try {
      await stderr?.waitFor('demo-server ready (stdio)\n');
      const controller = new AbortController();
      const call = client.callTool(
        { name: 'long_task', arguments: { steps: 100, stepMs: 20 } },
        { signal: controller.signal, onprogress: () => controller.abort() },
      );
      await expect(call).rejects.toThrow();
      await stderr?.waitFor('long_task cancelled at step ');
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'still here' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'still here' }]);
    } finally {
      await close();
    }
  });
});
