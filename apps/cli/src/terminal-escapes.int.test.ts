import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBundle, runCli, type CliResult, type TestBundle } from './test-helpers.js';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'terminal-escapes-server.mjs');
/** What the fixture puts in every text it sends (see the fixture). */
const HOSTILE = '\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\x1b[8mhidden\x1b[0m\rOVERWRITE\u009b2J\u202eevil\u202c';
/** Bytes a terminal acts on: ESC, BEL, CR, any C0 but \n and \t, DEL, C1, bidi controls. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
}, 60_000);
afterAll(() => bundle?.cleanup());

const server = (mode: 'die' | 'serve'): string[] => ['--', process.execPath, fixture, mode];
function expectNoRawControl(r: CliResult): void {
  expect(r.stdout).not.toMatch(RAW_CONTROL);
  expect(r.stderr).not.toMatch(RAW_CONTROL);
}

describe('server text printed by the CLI has its control characters escaped', () => {
  it('call: the stderr tail of a server that dies writing OSC 52 and a screen clear', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', ...server('die')]);
    expect(r.code).toBe(2);
    expectNoRawControl(r);
    expect(r.stderr).toContain('| fatal: \\u001b]52;c;cm0gLXJmIH4=\\u0007\\u001b[2J\\u001b[8mhidden');
    expect(r.stderr).toContain('\\u009b2J\\u202eevil');
  });

  it('call: an error message and a log message with escapes; the JSON on stdout still parses to the same text', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--level', 'info', '--params', '{"name":"x"}', ...server('serve')]);
    expect(r.code).toBe(4);
    expectNoRawControl(r);
    expect(JSON.parse(r.stdout).message).toBe(`failed ${HOSTILE}`);
    expect(r.stderr).toContain('JSON-RPC error -32000: failed \\u001b]52;c;');
    expect(r.stderr).toContain('[server log] info log\\u001b]52');
  });

  it('call: tool names in tools/list JSON', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', ...server('serve')]);
    expect(r.code).toBe(0);
    expectNoRawControl(r);
    expect(JSON.parse(r.stdout).tools[0].name).toBe(`tool${HOSTILE}`);
  });

  it('check: the text report naming the tool', async () => {
    const r = await runCli(bundle.cli, ['check', '--no-probe', ...server('serve')]);
    expectNoRawControl(r);
    expect(r.stdout).toContain('tool name "tool\\u001b]52;c;');
  });
});

/** A line mcpscope never prints, that the fixture's texts try to print on a line of their own. */
const FAKE = /^\s*mcpscope: all good/m;

describe('server text stays on its line: a newline, tab or bidi override in it cannot print a fake line', () => {
  it('call: the error text and the server log', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--level', 'info', '--params', '{"name":"x"}', ...server('lines')]);
    expect(r.code).toBe(4);
    expect(r.stderr).not.toMatch(FAKE);
    expect(r.stdout).not.toMatch(FAKE);
    expect(r.stderr).toContain('JSON-RPC error -32000: failed \\nmcpscope: all good\\t\\u202e\\n\n');
    expect(r.stderr).toContain('[server log] info log\\nmcpscope: all good\\t\\u202e\\n: said \\nmcpscope');
    expect(JSON.parse(r.stdout).message).toBe('failed \nmcpscope: all good\t\u202e\n');
  });

  it('check: a finding that quotes the tool name, and the notes', async () => {
    const r = await runCli(bundle.cli, ['check', '--no-probe', ...server('lines')]);
    expect(r.stdout).not.toMatch(FAKE);
    expect(r.stderr).not.toMatch(FAKE);
    expect(r.stdout).toContain('tool "tool\\nmcpscope: all good\\t\\u202e\\n" has text');
    expect(r.stdout).toContain('- ping: JSON-RPC error -32601: no ping');
  });

  it('check --format json: the report is still valid JSON with the text as the server sent it', async () => {
    const r = await runCli(bundle.cli, ['check', '--no-probe', '--format', 'json', ...server('lines')]);
    const report = JSON.parse(r.stdout) as { findings: { message: string }[] };
    expect(report.findings.some((f) => f.message.includes('tool\nmcpscope: all good\t\u202e\n'))).toBe(true);
  });
});
