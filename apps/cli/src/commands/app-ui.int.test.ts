import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleAppEntry, HOSTILE_APP_SERVER } from '../../../../packages/engine/test-fixtures/app-servers.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

const vanilla = () => ['--', process.execPath, exampleAppEntry('server-basic-vanillajs'), '--stdio'];

describe('MCP Apps, headless (the built bundle)', () => {
  it('call tools/call on a tool with a UI resource: the JSON result on stdout, the ui:// URI on stderr', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'get-time', ...vanilla()]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(typeof result.structuredContent.time).toBe('string');
    expect(r.stdout).not.toContain('ui://');
    expect(r.stderr).toBe(
      'mcpscope: UI: ui://get-time/mcp-app.html (an MCP App; run mcpscope on this server, without "call", and call the tool in the Tools tab to render it)\n',
    );
  });

  it('prints nothing about a UI for a tool without one, nor for other methods', async () => {
    const list = await runCli(bundle.cli, ['call', 'tools/list', ...vanilla()]);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    const demo = await runCli(bundle.cli, ['call', 'tools/call', '--demo', '--tool', 'echo', '--arg', 'message=hi']);
    expect(demo.code).toBe(0);
    expect(demo.stderr).not.toContain('UI:');
  });

  it('escapes a hostile UI URI: no terminal control sequence, no forged line', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'escape-app',
      '-e',
      'APP_FIXTURE=tools-only',
      '--',
      process.execPath,
      HOSTILE_APP_SERVER,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('mcpscope:'))).toHaveLength(1);
    expect(r.stderr).toContain('mcpscope: UI: ui://hostile/\\u001b]52;c;SGVsbG8=\\u0007\\nmcpscope: forged line (an MCP App;');
  });

  it('check exits 0 on a published example app and 1 on broken UI resources, naming each rule', async () => {
    const good = await runCli(bundle.cli, ['check', ...vanilla()]);
    expect(good.stdout).toMatch(/app resource ui:\/\/get-time\/mcp-app\.html \(tool "get-time"\): ok/);
    expect(good.stdout).toMatch(/0 error\(s\)/);
    expect(good.code).toBe(0);

    const bad = await runCli(bundle.cli, ['check', '--format', 'json', '--', process.execPath, HOSTILE_APP_SERVER]);
    expect(bad.code).toBe(1);
    const rules = new Set(JSON.parse(bad.stdout).findings.map((f: { rule: string }) => f.rule));
    for (const rule of ['app-resource-missing', 'app-resource-mime-type', 'app-resource-content', 'app-resource-uri-scheme'])
      expect(rules.has(rule), rule).toBe(true);
  });
});
