import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

const TASKS_V2 = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/tasks-v2-server.mjs', import.meta.url));
let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
});
afterAll(() => bundle?.cleanup());

const everything = () => ['--', process.execPath, everythingEntry(), 'stdio'];
const v2 = () => ['--', process.execPath, TASKS_V2];
function answerFile(answers: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-task-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return file;
}

describe('mcpscope call tools/call --task (the built bundle)', () => {
  it('runs simulate-research-query to completion: status changes on stderr, the result JSON on stdout, exit 0', async () => {
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'simulate-research-query',
      '--arg',
      'topic=tides',
      '--task',
      ...everything(),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toContain('Research Report: tides');
    expect(r.stderr).toMatch(/^mcpscope: task \S+ working: Gathering sources\.\.\.$/m);
    expect(r.stderr).toMatch(/^mcpscope: task \S+ completed/m);
  }, 30_000);

  it('answers the task’s elicitation (input_required) from --answer-file', async () => {
    const answers = answerFile({ 'elicitation/create': { action: 'accept', content: { interpretation: 'snake' } } });
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'simulate-research-query',
      '--arg',
      'topic=python',
      '--arg',
      'ambiguous=true',
      '--task',
      '--answer-file',
      answers,
      ...everything(),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toContain('python (snake)');
    expect(r.stderr).toMatch(/input_required: Found multiple interpretations/);
  }, 30_000);

  it('a *-async tool: the server runs its sampling on mcpscope as a task, answered from --answer-file; with --task it is a usage error', async () => {
    const answers = answerFile({
      'sampling/createMessage': { role: 'assistant', model: 'cli', content: { type: 'text', text: 'from the answer file' } },
    });
    const r = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'trigger-sampling-request-async',
      '--arg',
      'prompt=hi',
      '--answer-file',
      answers,
      ...everything(),
    ]);
    expect(r.code).toBe(0);
    const text = JSON.parse(r.stdout).content[0].text as string;
    expect(text).toContain('[COMPLETED] Async sampling completed');
    expect(text).toContain('from the answer file');

    const refused = await runCli(bundle.cli, [
      'call',
      'tools/call',
      '--tool',
      'trigger-sampling-request-async',
      '--arg',
      'prompt=hi',
      '--task',
      ...everything(),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('mcpscope: --task: tool "trigger-sampling-request-async" does not support tasks');
  }, 30_000);

  it('2026-07-28: a failed task exits 4 with its error; status messages are escaped for the terminal', async () => {
    const failed = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'fail', '--task', ...v2()]);
    expect(failed.code).toBe(4);
    expect(JSON.parse(failed.stdout)).toEqual({ code: -32000, message: 'boom' });
    expect(failed.stderr).toMatch(/task \S+ failed: it broke/);

    const loud = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'loud', '--task', ...v2()]);
    expect(loud.code).toBe(0);
    expect(JSON.parse(loud.stdout).content[0].text).toBe('loud finished');
    expect(loud.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(loud.stderr).not.toContain('\nfake line');
  }, 30_000);

  it('without --task, a tool that requires one gets the server’s -32601 and a hint', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/call', '--tool', 'simulate-research-query', '--arg', 'topic=x', ...everything()]);
    // server-everything answers with an isError result that says -32601 (exit 5, as for any isError result).
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout).content[0].text).toContain('-32601');
    expect(r.stderr).toContain('mcpscope: simulate-research-query declares execution.taskSupport "required": call it with --task');
  }, 30_000);

  it('--task goes with tools/call only', async () => {
    const r = await runCli(bundle.cli, ['call', 'tools/list', '--task', ...v2()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--task and --task-ttl go with tools/call');
  });
});
