import { mkdtempSync, readdirSync, readFileSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { makeHeader } from '@mcpscope/trace';
import { Engine } from '../session/engine.js';
import type { EngineMessage } from '../session/types.js';

let engine: Engine | undefined;
afterEach(async () => engine?.closeAll());

const demo = () => ({ transport: 'stdio' as const, command: process.execPath, args: [demoStdioEntry()], env: {} });

async function recordDemo(dir: string) {
  engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
  const session = await engine.open(demo());
  await session.send({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } });
  expect((await engine.traces!.list())[0]).toMatchObject({ live: true, session: { name: session.info().name } });
  await engine.close(session.id);
  return session;
}

describe('traces folder and offline sessions', () => {
  it('records every session automatically and reopens it offline with the handshake recovered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-'));
    const session = await recordDemo(dir);
    const [trace] = await engine!.traces!.list();
    expect(trace).toMatchObject({ live: false, session: { transport: 'stdio' } });
    expect(trace!.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d+Z-.+-s1$/);

    const seen: EngineMessage[] = [];
    engine!.subscribe((m) => seen.push(m));
    const offline = await engine!.openTrace(engine!.traces!.path(trace!.id));
    const info = offline.info();
    expect(info).toMatchObject({
      offline: true,
      state: 'closed',
      era: session.info().era,
      protocolVersion: session.info().protocolVersion,
      warnings: [],
    });
    expect(info.serverInfo).toEqual(session.info().serverInfo);
    expect(seen[0]).toMatchObject({ type: 'session' });
    expect(seen[1]).toMatchObject({ type: 'session-page-info', total: session.events().length });
    expect(engine!.list().map((s) => s.id)).toContain(offline.id);
    expect(() => engine!.require(offline.id)).toThrow(expect.objectContaining({ code: 'ENGINE_OFFLINE' }));
    const page = await offline.page(3, 2);
    expect(page.map((e) => e.seq)).toEqual([3, 4]);
    expect(page[0]!.sessionId).toBe(offline.id);
  });

  it('opens a trace cut off mid-line with a warning and keeps every event before the cut', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-'));
    const session = await recordDemo(dir);
    const file = join(dir, readdirSync(dir)[0]!);
    const text = readFileSync(file, 'utf8');
    const lastLineStart = text.lastIndexOf('\n', text.length - 2) + 1;
    truncateSync(file, lastLineStart + 10);
    const offline = await engine!.openTrace(file);
    expect(offline.info().warnings).toEqual([
      `the trace was cut off mid-line at byte ${Buffer.byteLength(text.slice(0, lastLineStart))}; everything before it was kept`,
    ]);
    expect(offline.index.total).toBe(session.events().length - 1);
    expect((await offline.page(0, 10_000)).map((e) => e.seq)).toEqual(
      session
        .events()
        .slice(0, -1)
        .map((e) => e.seq),
    );
    expect(statSync(file).size).toBe(lastLineStart + 10);
  });

  it('pages a large trace from checkpoints and keeps only the last page in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-'));
    const file = join(dir, 'big.ndjson');
    const lines = [
      JSON.stringify(makeHeader({ tool: { name: 't', version: '1' }, session: { id: 'x', name: 'big', transport: 'stdio', target: 'x' } })),
    ];
    for (let seq = 1; seq <= 12_345; seq++)
      lines.push(JSON.stringify({ seq, t: seq, sessionId: 'x', type: 'stderr', text: `line ${seq}` }));
    writeFileSync(file, `${lines.join('\n')}\n`);
    engine = new Engine();
    const offline = await engine.openTrace(file);
    expect(offline.events().length).toBe(5000);
    expect(offline.events()[0]!.seq).toBe(12_345 - 4999);
    expect(offline.pageInfo()).toMatchObject({ firstSeq: 7346, lastSeq: 12_345, total: 12_345 });
    expect((await offline.page(2500, 3)).map((e) => e.seq)).toEqual([2500, 2501, 2502]);
    let n = 0;
    for await (const _ of offline.all()) n++;
    expect(n).toBe(12_345);
  });

  it('reads frames by ordinal through frame checkpoints and searches them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-'));
    const file = join(dir, 'frames.ndjson');
    const lines = [
      JSON.stringify(makeHeader({ tool: { name: 't', version: '1' }, session: { id: 'x', name: 'f', transport: 'stdio', target: 'x' } })),
    ];
    for (let seq = 1; seq <= 9000; seq++) {
      lines.push(
        JSON.stringify(
          seq % 3 === 0
            ? { seq, t: seq, sessionId: 'x', type: 'stderr', text: `line ${seq}` }
            : {
                seq,
                t: seq,
                sessionId: 'x',
                type: 'frame',
                dir: 'in',
                size: 60,
                msg: { jsonrpc: '2.0', method: 'notifications/message', params: { data: `n${seq}` } },
              },
        ),
      );
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    engine = new Engine();
    const offline = await engine.openTrace(file);
    expect(offline.index.frames).toBe(6000);
    expect(offline.index.frameCheckpoints.map((c) => c.frame)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    const tailFrames = offline.events().filter((e) => e.type === 'frame').length;
    expect(offline.pageInfo()).toMatchObject({ frames: 6000, firstFrame: 6000 - tailFrames });
    const seqOf = (k: number) => Math.floor(k / 2) * 3 + (k % 2) + 1; // the k-th frame's seq
    expect((await offline.frames(2999, 3)).map((f) => f.seq)).toEqual([seqOf(2999), seqOf(3000), seqOf(3001)]);
    expect((await offline.frames(5999, 10)).map((f) => f.seq)).toEqual([seqOf(5999)]);
    expect((await offline.frames(0, 1))[0]!.sessionId).toBe(offline.id);
    const found = await offline.searchFrames({ filter: 'n100', before: 5000, limit: 3 });
    expect(found.matches.map((m) => m.frame.seq)).toEqual([1006, 1007, 1009]); // 1008 is a stderr line
    expect(found).toMatchObject({ truncated: true, total: 8 }); // n100, n1000…n1009 without the stderr seqs
  });
});
