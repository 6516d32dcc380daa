import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine, lintTraceFile, runCheck } from '@mcpscope/engine';
import type { FrameEvent } from '@mcpscope/protocol';
import { runStdioShim } from './stdio-shim.js';
import { WrapLog } from './wrap-log.js';

const RAW_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint of a wrap trace finds what check finds live', () => {
  it('gives the same rule ids for the misbehaving fixture (raw-server mode bad)', async () => {
    const engine = new Engine();
    let sent: string[];
    let liveRules: string[];
    try {
      const result = await runCheck(engine, {
        transport: 'stdio',
        command: process.execPath,
        args: [RAW_SERVER],
        env: { FIXTURE_MODE: 'bad' },
      });
      liveRules = [...new Set(result.report.findings.map((f) => f.rule))].sort();
      // What check sent, in order: a host sends the same through wrap.
      sent = result.session
        .events()
        .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg !== undefined)
        .map((f) => JSON.stringify(f.msg));
    } finally {
      await engine.closeAll();
    }
    expect(liveRules).toContain('stdio-non-json-stdout');

    const file = join(dir, 'wrap.ndjson');
    const log = new WrapLog({
      meta: { name: 'raw', transport: 'stdio', target: 'raw-server' },
      files: [file],
      redact: true,
      warn: () => undefined,
    });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    stdout.resume();
    const exited = runStdioShim('env', ['FIXTURE_MODE=bad', process.execPath, RAW_SERVER], log, {
      stdin,
      stdout,
      stderr: new PassThrough(),
    });
    stdin.end(sent.map((line) => `${line}\n`).join(''));
    expect(await exited).toBe(0);
    await log.close();

    const recorded = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const raw = recorded.find((e) => e.type === 'frame' && e.raw !== undefined);
    expect(raw?.findings?.[0]?.rule).toBe('stdio-non-json-stdout');
    const report = await lintTraceFile(file);
    expect([...new Set(report.findings.map((f) => f.rule))].sort()).toEqual(liveRules);
  });
});
