import { afterEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import type { Finding, SessionEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { Session } from './session.js';
import { RAW_SERVER, everythingEntry } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const findings = (events: readonly SessionEvent[]): Finding[] =>
  events.flatMap((e) => ((e.type === 'frame' || e.type === 'http') && e.findings ? e.findings : []));

async function exercise(session: Session, calls: Array<[string, Record<string, unknown>]>): Promise<void> {
  for (const [method, params] of calls) await session.request(method, params);
}

describe('the linter on live sessions', () => {
  it('finds no errors on well-behaved servers (demo in both eras, server-everything)', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const demo = { transport: 'stdio' as const, command: process.execPath, args: [demoStdioEntry()], env: {} };
    const calls: Array<[string, Record<string, unknown>]> = [
      ['tools/list', {}],
      ['tools/call', { name: 'echo', arguments: { message: 'hi' } }],
      ['tools/call', { name: 'add', arguments: { a: 1, b: 2 } }],
      ['resources/list', {}],
      ['prompts/list', {}],
    ];
    for (const config of [demo, { ...demo, era: 'legacy' as const }]) {
      const s = await engine.open(config);
      await exercise(s, calls);
      expect(findings(s.events()).filter((f) => f.severity === 'error')).toEqual([]);
    }
    const everything = await engine.open({ transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} });
    await exercise(everything, [
      ['tools/list', {}],
      ['tools/call', { name: 'echo', arguments: { message: 'hi' } }],
      ['tools/call', { name: 'get-structured-content', arguments: { location: 'New York' } }],
      ['resources/list', {}],
    ]);
    expect(findings(everything.events()).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('flags structuredContent that breaks outputSchema, with ajv’s reason, on the response frame', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const s = await engine.open({ transport: 'stdio', command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: 'bad-output' } });
    await s.send({ method: 'tools/list' });
    await s.send({ method: 'tools/call', params: { name: 'sum', arguments: {} } });
    const response = s
      .events()
      .filter((e) => e.type === 'frame' && e.dir === 'in')
      .pop();
    expect(response?.type === 'frame' && response.findings?.[0]).toMatchObject({ rule: 'structured-content-schema', severity: 'error' });
    expect(JSON.stringify(response)).toContain('/sum must be number');
  });
});
