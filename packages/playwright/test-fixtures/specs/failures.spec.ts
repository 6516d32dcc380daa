import { expect, test } from '@mcpscope/playwright';
import { rawServer } from './servers';

// Every test here fails on purpose: the driving test reads what each failure says.

test.describe('a server that prints on stdout', () => {
  test.use({ mcpServer: rawServer('junk') });

  test('toHaveNoFindings quotes the finding, the spec sentence and the frame', async ({ mcp }) => {
    await mcp.tools();
    await expect(mcp).toHaveNoFindings();
  });

  test('toPassCheck fails as mcpscope check does', async ({ mcp }) => {
    await expect(mcp).toPassCheck();
  });
});

test.describe('a server whose structuredContent breaks its outputSchema', () => {
  test.use({ mcpServer: rawServer('bad-output') });

  test('toMatchOutputSchema names the mismatch and the response frame', async ({ mcp }) => {
    await mcp.tools();
    await expect(await mcp.callTool('sum', { a: 1, b: 2 })).toMatchOutputSchema();
  });

  test('toHaveSent lists the frames that came close', async ({ mcp }) => {
    await mcp.tools();
    await expect(mcp).toHaveSent({ method: 'tools/list', params: { cursor: 'page-2' } });
  });
});

test.describe('a server that exits when initialized', () => {
  test.use({ mcpServer: rawServer('exit-on-init') });

  test("the fixture says why it could not connect, with the server's stderr", async ({ mcp }) => {
    await mcp.tools();
  });
});
