import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import type { CliIo } from '../io.js';

// `mcpscope replay <trace>` never starts the command a trace recorded unless the user
// names a target or passes --use-recorded-command (and then sees the exact argv first).

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', env: {}, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

let dir: string;
let marker: string;
let trace: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-replay-crafted-'));
  marker = join(dir, 'ran');
  trace = join(dir, 'crafted.ndjson');
  // A crafted trace: the label says one thing, `config` runs another, with hostile env and a terminal escape.
  const config = {
    transport: 'stdio',
    command: 'sh',
    args: ['-c', `touch ${marker}`, '\u001b]52;c;aGk=\u0007'],
    env: { NODE_OPTIONS: '--require /tmp/evil.js' },
  };
  const header = {
    type: 'header',
    format: 'mcpscope-trace',
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    tool: { name: 'mcpscope', version: '0.1.0' },
    session: { id: 's1', name: 'x', transport: 'stdio', target: 'node server.js', config },
  };
  const call = { seq: 1, t: 1, sessionId: 's1', type: 'frame', dir: 'out', msg: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, size: 10 };
  const answer = {
    seq: 2,
    t: 2,
    sessionId: 's1',
    type: 'frame',
    dir: 'in',
    msg: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    size: 10,
  };
  writeFileSync(trace, `${[header, call, answer].map((l) => JSON.stringify(l)).join('\n')}\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('mcpscope replay of a crafted trace', () => {
  it('exits 1 without a target, says how to give one, shows the recorded command, and runs nothing', async () => {
    const io = capture();
    expect(await run(['node', 'mcpscope', 'replay', trace], io)).toBe(1);
    expect(io.err).toContain('--use-recorded-command');
    expect(io.err).toContain('--url');
    expect(io.err).toContain('-- <command>');
    expect(io.err).toContain(`the command ["sh", "-c", "touch ${marker}", "\\u001b]52;c;aGk=\\u0007"]`);
    expect(io.err).not.toContain('\u001b');
    expect(existsSync(marker)).toBe(false);
  });

  it('with --use-recorded-command prints argv, cwd and env names (escaped, no values) before running it', async () => {
    const io = capture();
    const stderrWhenStarted: string[] = [];
    const watched: CliIo = { ...io, stderr: (t) => (io.stderr(t), existsSync(marker) || stderrWhenStarted.push(t)) };
    const code = await run(['node', 'mcpscope', 'replay', trace, '--use-recorded-command', '--timeout', '5000'], watched);
    expect(existsSync(marker)).toBe(true); // it did run, and only now
    expect(code).toBe(2); // `sh` is no MCP server
    const printed = stderrWhenStarted.join('');
    expect(printed).toContain(`argv: ["sh", "-c", "touch ${marker}", "\\u001b]52;c;aGk=\\u0007"]`);
    expect(printed).toMatch(/cwd: {2}\(this directory: ".+"\)/);
    expect(printed).toMatch(/env: {2}.*PATH.* from this shell/);
    expect(printed).toContain("the trace's own env is never applied (it sets NODE_OPTIONS)");
    expect(io.err).not.toContain('/tmp/evil.js');
    expect(io.err).not.toContain('\u001b');
  }, 30_000);

  it('refuses a target and --use-recorded-command together', async () => {
    const io = capture();
    expect(await run(['node', 'mcpscope', 'replay', trace, '--use-recorded-command', '--url', 'http://127.0.0.1:9/mcp'], io)).toBe(1);
    expect(io.err).toContain('not both');
    expect(existsSync(marker)).toBe(false);
  });
});
