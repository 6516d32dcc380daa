import { expect, test } from '@mcpscope/playwright';

test.use({ mcpServer: { command: process.execPath, args: ['broken/broken-server.mjs'] } });

test('the broken server passes mcpscope check', async ({ mcp }) => {
  await expect(mcp).toPassCheck({ exercise: true });
});
