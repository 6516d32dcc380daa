import { readFileSync } from 'node:fs';
import { expect, test } from '@mcpscope/playwright';
import { rawServer } from './servers';

// A session per test (the default): each test gets its own server, stopped when the test ends.
test.describe.configure({ mode: 'serial' });
test.use({ mcpServer: rawServer('plain') });

/** Running (a zombie, dead but not yet reaped, counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

let previous = 0;

test('a test has its own server', async ({ mcp }) => {
  previous = mcp.info().pid ?? 0;
  expect(running(previous)).toBe(true);
});

test("the next test has another one, and the first test's has stopped", async ({ mcp }) => {
  expect(mcp.info().pid).not.toBe(previous);
  await expect.poll(() => running(previous)).toBe(false);
});
