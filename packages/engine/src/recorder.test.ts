import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrace } from '@mcpscope/trace';
import { Engine } from './engine.js';
import { RAW_SERVER } from '../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

describe('recording a trace', () => {
  it('writes trace v1 as it happens, with several sessions open at once and secrets redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    engine = new Engine({ stopGraceMs: 100 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: 'junk' } };
    const [a, b] = await Promise.all([engine.open(config, { record: join(dir, 'a.ndjson') }), engine.open(config)]);
    expect(a.id).not.toBe(b.id);
    await a.send({ method: 'tools/call', params: { name: 'noop', arguments: { authorization: 'Bearer sk-live-123' } } });
    await b.send({ method: 'ping' });

    // Written incrementally: readable before the session ends.
    const live = parseTrace(readFileSync(join(dir, 'a.ndjson'), 'utf8'));
    expect(live.header.session.id).toBe(a.id);
    expect(live.events.some((e) => e.type === 'frame' && e.raw?.includes('Server starting'))).toBe(true);

    await engine.close(a.id);
    const text = readFileSync(join(dir, 'a.ndjson'), 'utf8');
    expect(text).not.toContain('sk-live-123');
    const trace = parseTrace(text);
    expect(trace.warnings).toEqual([]);
    expect(trace.events.every((e) => e.sessionId === a.id)).toBe(true);
    expect(trace.events.map((e) => e.type)).toContain('lifecycle');
    expect(trace.events.filter((e) => e.type === 'frame').length).toBe(a.events().filter((e) => e.type === 'frame').length);
    expect(statSync(join(dir, 'a.ndjson')).mode & 0o777).toBe(0o600);
  });
});
