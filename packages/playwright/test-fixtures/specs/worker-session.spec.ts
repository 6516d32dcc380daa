import { expect, test } from '@mcpscope/playwright';
import { rawServer } from './servers';

// One session for the worker: both tests talk to the same server process, each sees its own frames.
test.describe.configure({ mode: 'serial' });
test.use({ mcpServer: rawServer('plain'), mcpSessionScope: 'worker' });

let firstPid: number | undefined;

test('first test of the worker', async ({ mcp }) => {
  firstPid = mcp.info().pid;
  expect(firstPid).toBeGreaterThan(0);
  await mcp.tools();
  const methods = (await mcp.frames()).map((f) => `${f.dir} ${f.method}`);
  expect(methods).toContain('out initialize');
  expect(methods).toContain('out tools/list');
});

test('second test of the worker', async ({ mcp }) => {
  expect(mcp.info().pid).toBe(firstPid);
  await mcp.request('ping');
  const methods = (await mcp.frames()).map((f) => `${f.dir} ${f.method}`);
  expect(methods).toEqual(['out ping', 'in ping']);
  await expect(mcp).not.toHaveSent({ method: 'tools/list' });
});
