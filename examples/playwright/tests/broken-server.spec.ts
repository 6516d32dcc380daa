import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const project = fileURLToPath(new URL('..', import.meta.url));

/** Runs Playwright on the broken server's test in a child process, as a person (or CI) would, and returns what it printed. */
function runPlaywright(args: string[]): Promise<{ code: number | null; output: string }> {
  // The child is a Playwright run of its own, not a worker of this one.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('TEST_') && !k.startsWith('PLAYWRIGHT_') && k !== 'PW_TEST_REPORTER'),
  );
  const child = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/@playwright/test/cli.js', import.meta.url)), ...args], {
    cwd: project,
    env: { ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test("a broken server fails toPassCheck, and Playwright's report says which rule, which spec sentence, which frame", async () => {
  test.setTimeout(120_000);
  const { code, output } = await runPlaywright(['test', '-c', 'playwright.broken.config.ts', '--reporter=line']);
  expect(code, output).toBe(1);
  expect(output).toContain('1 failed');
  expect(output).toContain('expect(mcp).toPassCheck({ exercise: true })');
  expect(output).toMatch(/mcpscope check of .*broken-server\.mjs: [2-9] error\(s\)/);
  // The banner on stdout.
  expect(output).toContain('error stdio-non-json-stdout');
  expect(output).toContain(
    'spec 2025-11-25/basic/transports#stdio: "The server MUST NOT write anything to its `stdout` that is not a valid MCP message."',
  );
  expect(output).toMatch(/at frame #\d+ \(ordinal \d+\) ← broken-server v1 starting up/);
  // The sum as text.
  expect(output).toContain('error structured-content-schema: structuredContent of "add" does not match its outputSchema');
  expect(output).toContain('"Servers MUST provide structured results that conform to this schema."');
  expect(output).toMatch(
    /at frame #\d+ \(ordinal \d+\) ← \{"jsonrpc":"2.0","id":\d+,"result":\{"content":\[\{"type":"text","text":"\d+"\}\],"structuredContent":\{"sum":"\d+"\}\}\}/,
  );
  // Where the evidence is.
  expect(output).toContain('attached to this test as "mcpscope-trace"');
});
