import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrace } from '@mcpscope/trace';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { attachRecorder, flushRecordings, type WriteFn } from './recorder.js';
import { RAW_SERVER } from '../../test-fixtures/servers.js';

const RECORDING_PROBE = fileURLToPath(new URL('../../test-fixtures/recording-probe.mjs', import.meta.url));
const tick = () => new Promise((resolve) => setImmediate(resolve));
const note = (n: number) => ({
  type: 'frame' as const,
  dir: 'in' as const,
  msg: { jsonrpc: '2.0' as const, method: 'notifications/message', params: { level: 'info', data: `note-${n}` } },
  size: 80,
});

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
    const config = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: [RAW_SERVER],
      env: { API_KEY: 'sk-test-abcdef0123456789' },
    };
    const plain = await engine.open(config, { record: join(dir, 'plain.ndjson'), noRedact: true });
    const redacted = await engine.open(config, { record: join(dir, 'redacted.ndjson') });
    // 10,000 levels: JSON.stringify overflows the stack. Added straight to the
    // log, as a transport would, so this holds whatever limit the parse boundary applies.
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const events = [plain, redacted].map((s) =>
      s.log.add({
        type: 'frame',
        dir: 'in',
        msg: { jsonrpc: '2.0', method: 'notifications/message', params: { data: deep, key: 'sk-test-abcdef0123456789' } },
        size: 20_000,
      }),
    );
    await plain.send({ method: 'ping' });
    await Promise.all([engine.close(plain.id), engine.close(redacted.id)]);

    const p = parseTrace(readFileSync(join(dir, 'plain.ndjson'), 'utf8'));
    const written = p.events.find((e) => e.seq === events[0]!.seq);
    expect(written).toMatchObject({
      type: 'frame',
      findings: expect.arrayContaining([expect.objectContaining({ rule: 'internal-error', severity: 'info' })]),
    });
    expect(JSON.stringify(written)).toContain('nested deeper than 256 levels');
    expect(JSON.stringify(written)).toContain('sk-test-abcdef0123456789'); // --no-redact keeps secrets
    expect(events[0]!.type === 'frame' && events[0]!.findings?.map((f) => f.rule)).toContain('internal-error');
    expect(p.events.some((e) => e.type === 'frame' && e.msg?.result !== undefined)).toBe(true); // ping answered and recorded after it

    const r = readFileSync(join(dir, 'redacted.ndjson'), 'utf8');
    expect(r).not.toContain('sk-test-abcdef0123456789');
    expect(r).toContain('nested deeper than 256 levels');
  });
});

describe('recording in batches', () => {
  it('holds every event of a flood, in order, written in far fewer writes than events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open({
      transport: 'stdio',
      command: process.execPath,
      args: [RAW_SERVER],
      env: { FIXTURE_MODE: 'flood' },
    });
    let writes = 0;
    const counting: WriteFn = (fd, data, offset) => (writes++, writeSync(fd, data, offset));
    attachRecorder(session, join(dir, 'flood.ndjson'), { redact: true, write: counting });
    const before = writes;
    await session.send({ method: 'tools/list' }); // answered after 100,000 notifications
    const emitted = [...session.events()].at(-1)!.seq;
    await engine.close(session.id);

    const trace = parseTrace(readFileSync(join(dir, 'flood.ndjson'), 'utf8'));
    expect(trace.warnings).toEqual([]);
    const seqs = trace.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs[0]).toBe(1);
    expect(seqs.length).toBe(trace.events.at(-1)!.seq); // no seq missing
    expect(trace.events.filter((e) => e.type === 'frame' && e.msg?.method === 'notifications/message').length).toBe(100_000);
    expect(seqs.at(-1)).toBeGreaterThanOrEqual(emitted);
    expect(writes - before).toBeLessThan(100_000 / 10);
  });

  it('lets a reader of the live file see every event emitted so far (flushRecordings)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    engine = new Engine({ stopGraceMs: 100, tracesDir: dir });
    const session = await engine.open({
      transport: 'stdio',
      command: process.execPath,
      args: [RAW_SERVER],
      env: { FIXTURE_MODE: 'flood' },
    });
    const file = [...engine.traces!.live][0]!;
    const seen: number[][] = [];
    // Listeners run after the recorder's (it subscribed at open): the event itself was emitted.
    session.log.subscribe((event) => {
      if (event.seq % 20_000 !== 0) return;
      flushRecordings();
      seen.push([event.seq, ...parseTrace(readFileSync(file, 'utf8')).events.map((e) => e.seq)]);
    });
    await session.send({ method: 'tools/list' });
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const [at, ...seqs] of seen) {
      expect(seqs.at(-1)).toBe(at);
      expect(seqs.length).toBe(at);
    }
  });

  it('gives the first event a full disk lost the internal-error finding, and stops recording there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [RAW_SERVER] });
    let room = Infinity;
    // Like ENOSPC: what fits is written, the next write fails.
    const disk: WriteFn = (fd, data, offset) => {
      if (room <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      const n = writeSync(fd, data, offset, Math.min(data.length - offset, room));
      room -= n;
      return n;
    };
    const file = join(dir, 'full.ndjson');
    attachRecorder(session, file, { redact: true, write: disk });
    const first = [1, 2, 3].map((n) => session.log.add(note(n)) as FrameEvent);
    await tick();
    const kept = readFileSync(file, 'utf8');
    // One run of the loop: five events, room for the first and half of the second.
    const lineOf = (e: SessionEvent) => `${JSON.stringify(e)}\n`;
    const batch = [4, 5, 6, 7, 8].map((n) => session.log.add(note(n)) as FrameEvent);
    room = Buffer.byteLength(lineOf(batch[0]!)) + 10;
    await tick();
    const later = session.log.add(note(9)) as FrameEvent;
    await tick();

    const internal = (e: FrameEvent) => (e.findings ?? []).filter((f) => f.rule === 'internal-error');
    expect([...first, batch[0]!].map(internal)).toEqual([[], [], [], []]);
    expect(internal(batch[1]!)).toEqual([
      expect.objectContaining({
        severity: 'info',
        message: expect.stringContaining('mcpscope failed in the trace writer (the line is lost) on this event (Error: ENOSPC'),
      }),
    ]);
    expect([...batch.slice(2), later].map(internal)).toEqual([[], [], [], []]);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(kept)).toBe(true);
    const trace = parseTrace(text);
    expect(trace.events.slice(-4).map((e) => e.seq)).toEqual([...first, batch[0]!].map((e) => e.seq));
    expect(trace.warnings.length).toBe(1); // the second event's line, cut off
  });

  it('fails to attach to a file that cannot take the header (/dev/full)', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [RAW_SERVER] });
    expect(() => attachRecorder(session, '/dev/full', { redact: true })).toThrow(/ENOSPC/);
    session.log.add(note(1)); // nothing was left subscribed
  });

  it('leaves a trace whose lines all parse but at most a cut-off last one when the recording process is SIGKILLed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-'));
    const file = join(dir, 'killed.ndjson');
    const child = spawn(process.execPath, [RECORDING_PROBE, file, RAW_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    // The probe says `recording` once thousands of flood events were recorded, and goes on.
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => String(d).includes('recording') && resolve());
      child.once('exit', (code) => reject(new Error(`the probe exited (${code}) before recording`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = readFileSync(file, 'utf8').split('\n');
    const last = lines.pop()!; // '' after a complete last line, or a line cut off mid-write
    const parsed = lines.map((line) => JSON.parse(line) as { type: string; seq?: number });
    expect(parsed[0]!.type).toBe('header');
    expect(parsed.length).toBeGreaterThan(1000);
    const seqs = parsed.slice(1).map((e) => e.seq!);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    if (last !== '') expect(() => JSON.parse(last)).toThrow();
  });
});
