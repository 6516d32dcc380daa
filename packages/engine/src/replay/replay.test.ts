import { afterEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import type { SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { RAW_SERVER } from '../../test-fixtures/servers.js';
import { formatReplay, replayJUnit } from './format.js';
import { replayTrace } from './replay.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const raw = (description?: string) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [RAW_SERVER],
  env: description ? { FIXTURE_TOOL_DESCRIPTION: description } : {},
});

async function record(config: Parameters<Engine['open']>[0], calls: Array<[string, unknown]>): Promise<SessionEvent[]> {
  const session = await engine.open(config);
  for (const [method, params] of calls) await session.send({ method, params });
  await engine.close(session.id);
  return [...session.events()];
}

describe('replayTrace', () => {
  it('passes when the server answers as recorded (demo server, 2026-07-28 era)', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const demo = { transport: 'stdio' as const, command: process.execPath, args: [demoStdioEntry()], env: {} };
    const events = await record(demo, [
      ['tools/list', {}],
      ['tools/call', { name: 'echo', arguments: { message: 'again' } }],
      ['resources/read', { uri: 'demo://items/42' }],
    ]);
    const report = await replayTrace(engine, events, demo);
    expect(report.steps.map((s) => s.outcome)).toEqual(['match', 'match', 'match']);
    expect(report.passed).toBe(true);
    expect(formatReplay(report)).toContain('all 3 responses match');
  });

  it('fails with a readable diff when the server changed, and writes JUnit', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const events = await record(raw(), [
      ['tools/list', {}],
      ['ping', {}],
    ]);
    const report = await replayTrace(engine, events, raw('does nothing, and now something else'));
    expect(report.passed).toBe(false);
    expect(report.steps[0]).toMatchObject({
      outcome: 'differ',
      differences: [{ path: '/result/tools/0/description', recorded: 'does nothing', live: 'does nothing, and now something else' }],
    });
    expect(report.steps[1].outcome).toBe('match');
    const text = formatReplay(report);
    expect(text).toContain('DIFF 1. tools/list');
    expect(text).toContain('- recorded: "does nothing"');
    expect(text).toContain('1 of 2 responses differ');
    const junit = replayJUnit(report);
    expect(junit).toContain('tests="2" failures="1" errors="0"');
    expect(junit).toContain('<failure message="response differs">/result/tools/0/description');
  });

  it('ignores fields the user names with --ignore', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const events = await record(raw(), [['tools/list', {}]]);
    const report = await replayTrace(engine, events, raw('changed'), { ignore: ['$.result.tools[*].description'] });
    expect(report.passed).toBe(true);
  });

  it('ignores what is expected to differ (a timestamp in text), says so, and compares everything with defaults: false', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const events = await record(raw('built at 2026-01-01T10:00:00Z'), [['tools/list', {}]]);
    const report = await replayTrace(engine, events, raw('built at 2026-01-02T11:30:05Z'));
    expect(report.passed).toBe(true);
    expect(report.steps[0]!.ignored).toEqual([
      {
        path: '/result/tools/0/description',
        recorded: 'built at 2026-01-01T10:00:00Z',
        live: 'built at 2026-01-02T11:30:05Z',
        reasons: ['timestamp in text'],
      },
    ]);
    const text = formatReplay(report);
    expect(text).toContain('ignored as expected: timestamp in text (/result/tools/0/description)');
    expect(text).toContain('ignored as expected to differ in 1 response: timestamp in text (--strict compares everything');
    const strict = await replayTrace(engine, events, raw('built at 2026-01-02T11:30:05Z'), { defaults: false });
    expect(strict.passed).toBe(false);
    expect(strict.steps[0]!.ignored).toEqual([]);
  });

  it('a mark scoped to one request, as the UI saves it', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const events = await record(raw(), [['tools/list', {}]]);
    const report = await replayTrace(engine, events, raw('changed'), { ignore: ['tools/list|/result/tools/*/description'] });
    expect(report.passed).toBe(true);
    expect(report.steps[0]!.ignored[0]!.reasons).toEqual(['marked expected']);
  });
});
