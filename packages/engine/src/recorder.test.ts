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

  it('never lets one unwritable event throw into the session: written capped, with an internal-error finding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    engine = new Engine({ stopGraceMs: 100 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [RAW_SERVER], env: { API_KEY: 'sk-test-abcdef0123456789' } };
    const plain = await engine.open(config, { record: join(dir, 'plain.ndjson'), noRedact: true });
    const redacted = await engine.open(config, { record: join(dir, 'redacted.ndjson') });
    // 10,000 levels: JSON.stringify overflows the stack (issue 10 item 2). Added straight to the
    // log, as a transport would, so this holds whatever limit the parse boundary applies.
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const events = [plain, redacted].map((s) => s.log.add({ type: 'frame', dir: 'in', msg: { jsonrpc: '2.0', method: 'notifications/message', params: { data: deep, key: 'sk-test-abcdef0123456789' } }, size: 20_000 }));
    await plain.send({ method: 'ping' });
    await Promise.all([engine.close(plain.id), engine.close(redacted.id)]);

    const p = parseTrace(readFileSync(join(dir, 'plain.ndjson'), 'utf8'));
    const written = p.events.find((e) => e.seq === events[0]!.seq);
    expect(written).toMatchObject({ type: 'frame', findings: expect.arrayContaining([expect.objectContaining({ rule: 'internal-error', severity: 'error' })]) });
    expect(JSON.stringify(written)).toContain('nested deeper than 256 levels');
    expect(JSON.stringify(written)).toContain('sk-test-abcdef0123456789'); // --no-redact keeps secrets
    expect(events[0]!.type === 'frame' && events[0]!.findings?.map((f) => f.rule)).toContain('internal-error');
    expect(p.events.some((e) => e.type === 'frame' && e.msg?.result !== undefined)).toBe(true); // ping answered and recorded after it

    const r = readFileSync(join(dir, 'redacted.ndjson'), 'utf8');
    expect(r).not.toContain('sk-test-abcdef0123456789');
    expect(r).toContain('nested deeper than 256 levels');
  });
});
