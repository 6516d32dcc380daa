import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

const RAW_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));
const DEFECTS_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/defects-server.mjs', import.meta.url));
let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

describe('mcpscope call tools/call checks structuredContent against the outputSchema', () => {
  it('exits 6 and names the mismatch on stderr when structuredContent breaks the schema (the result still on stdout)', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'sum',
      '-e',
      'FIXTURE_MODE=bad-output',
      '--',
      process.execPath,
      RAW_SERVER,
    ]);
    expect(JSON.parse(r.stdout).structuredContent).toEqual({ sum: 'three' });
    expect(r.stderr).toContain(
      'structuredContent of "sum" does not match its outputSchema: /sum must be number (2025-11-25/server/tools#output-schema)',
    );
    expect(r.code).toBe(6);
  });

  it('a tool name listed twice: says the name is ambiguous and checks the result against the definition with an outputSchema (exit 6)', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'add', '--', process.execPath, DEFECTS_SERVER]);
    expect(JSON.parse(r.stdout).structuredContent).toEqual({ sum: 'three' });
    expect(r.stderr).toContain(
      'mcpscope: tool "add" is listed 2 times: the name is ambiguous ("Tool names SHOULD be unique within a server.", 2025-11-25/server/tools#tool-names); its result is checked against the one with an outputSchema',
    );
    expect(r.stderr).toContain('structuredContent of "add" does not match any of the outputSchemas listed under its name');
    expect(r.code).toBe(6);
  });

  it('exits 0 for a conforming result (server-everything get-structured-content)', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'get-structured-content',
      '--arg',
      'location=Chicago',
      '--',
      process.execPath,
      everythingEntry(),
      'stdio',
    ]);
    expect(JSON.parse(r.stdout).structuredContent).toHaveProperty('temperature');
    expect(r.stderr).not.toContain('outputSchema');
    expect(r.code).toBe(0);
  });
});
