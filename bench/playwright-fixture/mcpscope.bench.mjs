import { expect, test } from '../../packages/playwright/dist/index.js';
import { SERVER, TESTS } from './server.mjs';

// @mcpscope/playwright's `mcp` fixture: the engine's session, its trace recorded and attached.
test.use({ mcpServer: SERVER });

for (let i = 0; i < TESTS; i++) {
  test(`mcpscope ${i}`, async ({ mcp }) => {
    expect(await mcp.tools()).toHaveLength(1);
  });
}
