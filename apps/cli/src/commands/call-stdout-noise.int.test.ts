import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

const RAW_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));
const SPEC = '2025-11-25/basic/transports#stdio: "The server MUST NOT write anything to its `stdout` that is not a valid MCP message."';
let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

const call = (mode: string, ...extra: string[]) =>
  runCli(bundle.cli, ['call', 'tools/list', ...extra, '-e', `FIXTURE_MODE=${mode}`, '--', process.execPath, RAW_SERVER]);

describe('mcpscope call says what the server wrote to stdout that is not JSON-RPC', () => {
  it('print()s on stdout: the result still on stdout, exit 0, one warning on stderr with their count, the first line and the spec sentence', async () => {
    const r = await call('junk');
    expect(JSON.parse(r.stdout).tools.length).toBeGreaterThan(0);
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.includes('not JSON-RPC'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'mcpscope: warning: the server wrote 2 lines that are not JSON-RPC to stdout, the first: "Server starting... (a print() on stdout)"',
    );
    expect(warnings[0]).toContain(SPEC);
  });

  it('nothing is said of a server that writes only JSON-RPC', async () => {
    const r = await call('plain');
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('not JSON-RPC');
  });

  it('the quoted line reaches the terminal with its escapes shown, not run', async () => {
    const r = await call('ansi-junk');
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/\u001b|\u0007/);
    expect(r.stderr).toContain('the first: "\\u001b[2J\\u001b]0;owned\\u0007 started"');
  });

  it("after a timeout, a line kept unparsed at mcpscope's own limits is named as the answer that may have been lost", async () => {
    const r = await call('deep-no-id', '--timeout', '1500');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no response to tools/list within 1500 ms');
    expect(r.stderr).toContain(
      '  the server sent instead:\n    - a message kept as text at mcpscope\'s own limits, not parsed, the first nested past its depth cap: "{\\"jsonrpc\\":\\"2.0\\",\\"result\\":[[[[',
    );
    expect(r.stderr).toContain('if that was the answer, its id could not be read');
  });

  it('after a timeout, an answer with the wrong id is named', async () => {
    const r = await call('wrong-id', '--timeout', '1500');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no response to tools/list within 1500 ms');
    expect(r.stderr).toContain(
      '  the server sent instead:\n    - a response to no request in flight, the first with id 1001 (a response carries the id of the request it answers)',
    );
  });
});
