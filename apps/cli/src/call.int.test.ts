import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '@mcpscope/trace';
import { buildTestBundle, runCli, type TestBundle } from './test-helpers.js';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

const demoArgs = () => ['--', process.execPath, bundle.demo];

describe('mcpscope call (the built bundle, a real stdio child)', () => {
  it('prints tools/list as JSON and exits 0', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', ...demoArgs()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['echo', 'fail']));
  });

  it('calls a tool with --params and --demo', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--demo', '--params', '{"name":"echo","arguments":{"message":"hi"}}']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toContain('hi');
  });

  it('exits 2 with a clear message when the command does not exist', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--', '/nonexistent/mcp-server-xyz']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/could not connect to \/nonexistent\/mcp-server-xyz/);
    expect(r.stderr).toMatch(/ENOENT|not found|no such file/i);
  });

  it('exits 2 with the exit code and stderr tail when the server dies at start', async () => {
    const script = "process.stderr.write('config missing: API_URL\\n'); process.exit(3)";
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--', process.execPath, '-e', script]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/code 3/);
    expect(r.stderr).toMatch(/config missing: API_URL/);
  });

  it('exits 4 on a JSON-RPC error, with the error JSON on stdout', async () => {
    const r = await runCli(bundle.cli, ['call', 'no/such/method', ...demoArgs()]);
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout).code).toBe(-32601);
    expect(r.stderr).toMatch(/JSON-RPC error -32601/);
  });

  it('exits 5 when tools/call returns isError: true', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--params', '{"name":"fail","arguments":{"reason":"x"}}', ...demoArgs()]);
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout).isError).toBe(true);
    expect(r.stderr).toMatch(/isError/);
  });

  it('exits 3 when the response does not come within --timeout', async () => {
    const params = JSON.stringify({ name: 'long_task', arguments: { steps: 1, stepMs: 10_000 } });
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--timeout', '300', '--params', params, ...demoArgs()]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no response to tools\/call within 300 ms/);
  });

  it('tools/call with --tool and --arg: JSON values, raw text for string inputs (from tools/list)', async () => {
    const echo = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'echo', '--arg', 'message=007', ...demoArgs()]);
    expect(echo.code).toBe(0);
    expect(JSON.parse(echo.stdout).content[0].text).toBe('007');
    const add = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'add', '--arg', 'a=2', '--arg', 'b=40', ...demoArgs()]);
    expect(add.code).toBe(0);
    expect(JSON.parse(add.stdout).structuredContent).toEqual({ sum: 42, expression: '2 + 40 = 42' });
  });

  it('progress restarts --timeout: a 750 ms task with 150 ms steps succeeds with --timeout 500', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'long_task',
      '--arg',
      'steps=5',
      '--arg',
      'stepMs=150',
      '--timeout',
      '500',
      ...demoArgs(),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toBe('Completed 5 steps');
  });

  it('resources/read --uri, resources/templates/list, prompts/get --prompt --arg, completion/complete', async () => {
    const read = await runCli(bundle.cli, ['call', 'resources/read', '--uri', 'demo://static/hello.txt', ...demoArgs()]);
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout).contents[0].uri).toBe('demo://static/hello.txt');
    const templates = await runCli(bundle.cli, ['call', 'resources/templates/list', ...demoArgs()]);
    expect(JSON.parse(templates.stdout).resourceTemplates[0].uriTemplate).toBe('demo://items/{id}');
    const prompt = await runCli(bundle.cli, ['call', 'prompts/get', '--prompt', 'summarize_item', '--arg', 'id=3', ...demoArgs()]);
    expect(prompt.code).toBe(0);
    expect(JSON.parse(prompt.stdout).description).toBe('Summarize Item 3');
    const ref = { ref: { type: 'ref/resource', uri: 'demo://items/{id}' }, argument: { name: 'id', value: '1' } };
    const complete = await runCli(bundle.cli, ['call', 'completion/complete', '--params', JSON.stringify(ref), ...demoArgs()]);
    expect(JSON.parse(complete.stdout).completion.values).toEqual(['1', '10', '11', '12']);
  });

  it('ping and logging/setLevel --level (legacy era with --era legacy); on 2026-07-28 ping is sent as written', async () => {
    const ping = await runCli(bundle.cli, ['call', 'ping', '--era', 'legacy', ...demoArgs()]);
    expect([ping.code, JSON.parse(ping.stdout)]).toEqual([0, {}]);
    const level = await runCli(bundle.cli, ['call', 'logging/setLevel', '--level', 'debug', '--era', 'legacy', ...demoArgs()]);
    expect([level.code, JSON.parse(level.stdout)]).toEqual([0, {}]);
    const modern = await runCli(bundle.cli, ['call', 'ping', ...demoArgs()]);
    expect(modern.code).toBe(4);
    expect(modern.stderr).toMatch(/ping is not defined in protocol 2026-07-28; sending it as written/);
  });

  it('--level on another method prints the server log messages on stderr (both eras)', async () => {
    for (const era of ['auto', 'legacy']) {
      const r = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'emit_logs', '--level', 'error', '--era', era, ...demoArgs()]);
      expect(r.code).toBe(0);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\[server log\] error demo: \{"message":"a error message/)]);
    }
  });

  it('headless: sampling is answered with an error (exit 4 on 2026-07-28, the tool decides on legacy) or from --answer-file', async () => {
    const modern = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'ask_llm', '--arg', 'question=hi', ...demoArgs()]);
    expect(modern.code).toBe(4);
    expect(JSON.parse(modern.stdout)).toEqual({ code: -1, message: 'mcpscope call is headless: no one to answer sampling/createMessage' });
    const legacy = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'ask_llm',
      '--arg',
      'question=hi',
      '--era',
      'legacy',
      ...demoArgs(),
    ]);
    expect(legacy.code).toBe(5);
    expect(legacy.stdout).toMatch(/no one to answer sampling\/createMessage/);

    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-answers-')), 'answers.json');
    writeFileSync(
      file,
      JSON.stringify({ 'sampling/createMessage': { role: 'assistant', model: 'canned', content: { type: 'text', text: 'yes' } } }),
    );
    for (const era of ['auto', 'legacy']) {
      const r = await runCli(bundle.cli, [
        'call',
        'tools/call',
        '--tool',
        'ask_llm',
        '--arg',
        'question=hi',
        '--era',
        era,
        '--answer-file',
        file,
        ...demoArgs(),
      ]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).content[0].text).toBe('canned answered: yes');
    }
  });

  it('exits 1 on bad usage', async () => {
    for (const args of [
      ['tools/list', '--tool', 'x'],
      ['tools/call', '--arg', 'novalue'],
      ['tools/call', '--level', 'loud'],
    ]) {
      const r = await runCli(bundle.cli, ['call', ...args, ...demoArgs()]);
      expect(r.code, args.join(' ')).toBe(1);
    }
    const bad = await runCli(bundle.cli, ['call', 'tools/list', '--params', '{oops', ...demoArgs()]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--params is not valid JSON/);
    const none = await runCli(bundle.cli, ['call', 'tools/list']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/call needs a target/);
    const unknown = await runCli(bundle.cli, ['--frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown option/);
  });

  it('records a redacted trace v1 with --record', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-rec-')), 'call.ndjson');
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--record', file, ...demoArgs()]);
    expect(r.code).toBe(0);
    const trace = parseTrace(readFileSync(file, 'utf8'));
    expect(trace.warnings).toEqual([]);
    expect(trace.header.format).toBe('mcpscope-trace');
    const methods = trace.events.flatMap((e) => (e.type === 'frame' && typeof e.msg?.method === 'string' ? [e.msg.method] : []));
    expect(methods).toContain('tools/list');
    expect(methods.length).toBeGreaterThan(1); // the handshake (initialize or server/discover) came first
  });

  it('reads the server from a config file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-cfg-')), 'claude_desktop_config.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { demo: { command: process.execPath, args: [bundle.demo] } } }));
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--config', file, '--server', 'demo']);
    expect(r.code).toBe(0);
  });
});
