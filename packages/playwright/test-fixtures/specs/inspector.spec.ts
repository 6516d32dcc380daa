import { createRequire } from 'node:module';
import { expect, test } from '@mcpscope/playwright';
import { rawServer } from './servers';

// The page objects of the `inspector` fixture, each against mcpscope's real UI on the test's session.
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

test.describe('server-everything', () => {
  test.use({ mcpServer: { command: process.execPath, args: [everything, 'stdio'] } });

  test('tools, resources, prompts and frames, driven from the UI, on the mcp session', async ({ mcp, inspector }) => {
    // Two calls in a row: each call waits for its own result.
    await expect(await inspector.tools.call('echo', { message: 'first' })).toContainText('Echo: first');
    await expect(await inspector.tools.call('echo', { message: 'second' })).toContainText('Echo: second');
    await expect(mcp).toHaveSent({ method: 'tools/call', params: { arguments: { message: 'second' } }, origin: { by: 'user' } });

    const doc = await inspector.resources.read('demo://resource/static/document/architecture.md');
    await expect(doc.first()).toBeVisible();
    await expect(mcp).toHaveSent({ method: 'resources/read', params: { uri: 'demo://resource/static/document/architecture.md' } });

    const messages = await inspector.prompts.get('args-prompt', { city: 'Lisbon' });
    await expect(messages.first()).toContainText('Lisbon');

    // What the test sends shows in the UI's frame log.
    await mcp.callTool('echo', { message: 'from the test' });
    const sent = (await mcp.frames()).filter((f) => f.dir === 'out' && f.origin?.reason === 'test: tools/call').at(-1)!;
    await inspector.frames.filter('method:tools/call');
    const detail = await inspector.frames.show(sent.seq);
    await expect(detail).toContainText(`#${sent.seq}`);
    await expect(detail).toContainText('test: tools/call'); // its origin, as the UI says it
  });
});

test.describe('a server that prints on stdout', () => {
  test.use({ mcpServer: rawServer('junk') });

  test('the Findings view groups the finding a matcher names', async ({ mcp, inspector }) => {
    await mcp.tools();
    const [finding] = await mcp.findings({ severity: 'error' });
    expect(finding.rule).toBe('stdio-non-json-stdout');
    await inspector.findings.open();
    await expect(inspector.findings.group('stdio-non-json-stdout')).toHaveAttribute('data-severity', 'error');
    await expect(inspector.findings.items('stdio-non-json-stdout').first()).toHaveAttribute('data-seq', String(finding.seq));
  });
});
