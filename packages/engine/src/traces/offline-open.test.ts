import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import type { EngineMessage } from '../session/types.js';
import { OfflineSession } from './offline-session.js';
import { indexTrace } from './trace-index.js';

// A trace is indexed from its newline offsets; lines are typed from their first
// bytes and parsed only when shown. Whatever the mix of writers and bad lines, the index and
// every reader agree on frame ordinals, and the in-memory tail is numbered like the disk.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 't', version: '1' },
  session: { id: 's', name: 'mix', transport: 'stdio', target: 'x' },
});

let dir: string;
let engine: Engine | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-offline-open-'));
});
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A trace whose good events are known, with bad lines of every kind at known places. */
function mixedTrace(good = 300) {
  const lines: string[] = [header];
  const events: SessionEvent[] = [];
  const warnAt: Record<string, number> = {};
  const add = (e: SessionEvent, style: number) => {
    events.push(e);
    const { seq, t, sessionId, ...rest } = e;
    if (style === 0)
      lines.push(JSON.stringify({ ...rest, seq, t, sessionId })); // TraceWriter: type first
    else if (style === 1)
      lines.push(JSON.stringify(e)); // seq first
    else lines.push(JSON.stringify(e, null, 1).replace(/\n/g, ' ')); // spaced: parsed to be typed
  };
  add(
    { seq: 1, t: 0, sessionId: 's', type: 'frame', dir: 'out', size: 1, msg: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} } },
    0,
  );
  add(
    {
      seq: 2,
      t: 0,
      sessionId: 's',
      type: 'frame',
      dir: 'in',
      size: 1,
      msg: {
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'mixed', version: '1' } },
      },
    },
    0,
  );
  for (let seq = 3; seq < good; seq++) {
    if (seq === 100) {
      lines.push('{"type":"frame","dir":"in","msg":{"jsonrpc":'); // typed as a frame, found bad when read
      warnAt.middleFrame = lines.length;
    }
    if (seq === 120) {
      lines.push('not json at all'); // parsed by the scan: excluded at once
      warnAt.notJson = lines.length;
      lines.push('');
    }
    if (seq === good - 20) {
      lines.push('{"type":"frame","dir":"in"}'); // in the tail: excluded when the tail is read
      warnAt.tailFrame = lines.length;
    }
    if (seq === good - 10) {
      lines.push('{"type":"stderr","text":"x","seq":"nan"}');
      warnAt.tailStderr = lines.length;
      lines.push('{"type":"frame","dir":"in","size":1,"raw":"x","seq":999999,"t":1,"sessionId":"s","type":"stderr","text":"dup"}'); // two "type" keys
      warnAt.tailTwice = lines.length;
    }
    const e: SessionEvent =
      seq % 7 === 0
        ? { seq, t: seq, sessionId: 's', type: 'stderr', text: `log ${seq}` }
        : {
            seq,
            t: seq,
            sessionId: 's',
            type: 'frame',
            dir: seq % 2 ? 'out' : 'in',
            size: 10,
            msg: { jsonrpc: '2.0', method: 'notifications/message', params: { data: `n${seq}` } },
          };
    add(e, seq % 3);
  }
  const text = `${lines.join('\n')}\n{"type":"frame","dir":"in","msg":{"jso`; // cut mid-line
  const file = join(dir, 'mixed.ndjson');
  writeFileSync(file, text);
  return { file, events, frames: events.filter((e) => e.type === 'frame'), warnAt, cutAt: Buffer.byteLength(`${lines.join('\n')}\n`) };
}

const seqs = (xs: readonly SessionEvent[]) => xs.map((e) => e.seq);

describe('a trace indexed from newline offsets', () => {
  it('agrees with itself on frame ordinals whatever the mix of writers and bad lines', async () => {
    const t = mixedTrace();
    // No background summary: it would read (and report) the bad middle frame before the pages below do.
    const offline = await OfflineSession.open('o1', t.file, { every: 10, tail: 50, prebuild: false });
    await offline.indexed;
    expect(offline.info()).toMatchObject({ era: 'legacy', serverInfo: { name: 'mixed' } });
    const info = offline.pageInfo();
    // Every good event; the frame typed from its bytes that is bad is counted until a page reads it.
    expect(info.total).toBe(t.events.length + 1);
    expect(info.frames).toBe(t.frames.length + 1);
    expect((await indexTrace(t.file)).total).toBe(t.events.length);

    // The tail is the last good events, numbered like the disk: frames from firstFrame are its frames.
    const tail = offline.events();
    expect(seqs(tail)).toEqual(seqs(t.events.slice(-tail.length)));
    const tailFrames = tail.filter((e) => e.type === 'frame');
    expect(info.firstFrame).toBe(info.frames - tailFrames.length);
    expect(seqs(await offline.frames(info.firstFrame, 1000))).toEqual(seqs(tailFrames));
    expect(seqs(await offline.frames(info.firstFrame + 3, 2))).toEqual(seqs(tailFrames.slice(3, 5)));

    const before = offline.info().warnings!;
    expect(before).toEqual([
      `the trace was cut off mid-line at byte ${t.cutAt}; everything before it was kept`, // found at open
      `line ${t.warnAt.notJson}: not valid JSON, skipped`, // by the scan (the line is parsed to be typed)
      `line ${t.warnAt.tailFrame}: not a trace event (seq: Invalid input: expected number, received undefined), skipped`,
      `line ${t.warnAt.tailStderr}: not a trace event (seq: Invalid input: expected number, received string), skipped`,
      `line ${t.warnAt.tailTwice}: two "type" keys, skipped`,
    ]);

    // Pages from checkpoints, before and after the bad frame.
    expect(seqs(await offline.frames(10, 5))).toEqual(seqs(t.frames.slice(10, 15)));
    let changes = 0;
    offline.onChange = () => changes++;
    const all = await offline.frames(0, 10_000);
    // The bad frame keeps its ordinal: a placeholder there (the seq of the frame before), every other frame at its own.
    const badAt = t.frames.findIndex((f) => f.seq >= 100);
    expect(all[badAt]).toMatchObject({
      raw: 'mcpscope: this trace line is not a frame event (not valid JSON)',
      seq: t.frames[badAt - 1]!.seq,
    });
    expect(all[badAt]!.msg).toBeUndefined();
    expect(seqs(all.toSpliced(badAt, 1))).toEqual(seqs(t.frames));
    await Promise.resolve();
    expect(changes).toBe(1); // the engine sends the session info again: the new warning shows
    expect(seqs(await offline.frames(150, 5))).toEqual(seqs(t.frames.slice(149, 154)));
    expect(offline.info().warnings).toContain(`line ${t.warnAt.middleFrame}: not valid JSON, skipped`);
    expect(seqs(await offline.page(0, 10_000))).toEqual(seqs(t.events));
    expect(seqs(await offline.page(200, 3))).toEqual([200, 201, 202]);
    let n = 0;
    for await (const _ of offline.all()) n++;
    expect(n).toBe(t.events.length);
  });

  it('keeps its answers when the tail and checkpoints see the whole file (tail bigger than the trace)', async () => {
    const t = mixedTrace(60);
    const offline = await OfflineSession.open('o2', t.file, { every: 7, tail: 5000 });
    await offline.indexed;
    expect(seqs(offline.events())).toEqual(seqs(t.events));
    expect(offline.pageInfo()).toMatchObject({
      firstFrame: 0,
      frames: t.frames.length,
      total: t.events.length,
      firstSeq: 1,
      lastSeq: t.events.at(-1)!.seq,
    });
    expect(seqs(await offline.frames(0, 1000))).toEqual(seqs(t.frames));
  });
});

describe('opening in the background', () => {
  function bigTrace(events: number): string {
    const lines = [header];
    const pad = 'p'.repeat(400);
    for (let seq = 1; seq <= events; seq++)
      lines.push(
        JSON.stringify({
          type: 'frame',
          dir: seq % 2 ? 'out' : 'in',
          msg: { jsonrpc: '2.0', method: 'notifications/message', params: { data: `${seq} ${pad}` } },
          size: 1,
          seq,
          t: seq,
          sessionId: 's',
        }),
      );
    const file = join(dir, 'big.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  it('lists the session at once; its page info and tail follow when indexed; reads wait for the index', async () => {
    const file = bigTrace(40_000); // ~18 MB: several 4 MiB reads after the first
    engine = new Engine();
    const seen: EngineMessage[] = [];
    engine.subscribe((m) => seen.push(m));
    const view = await engine.openTrace(file, { background: true });
    expect(view.ready).toBe(false);
    expect(seen.map((m) => m.type)).toEqual(['session']);
    expect(engine.backlog().map((m) => m.type)).toEqual(['session']);
    const page = view.frames(39_990, 100); // asked before the index is complete: waits, then answers
    expect(seqs(await page)).toEqual(Array.from({ length: 10 }, (_, i) => 39_991 + i));
    await view.indexed;
    expect(seen.map((m) => m.type).slice(0, 3)).toEqual(['session', 'session', 'session-page-info']);
    expect(seen[2]).toMatchObject({ frames: 40_000, firstFrame: 35_000, total: 40_000 });
    expect(seen.length).toBe(3 + 5000);
    expect(engine.backlog().length).toBe(2 + 5000);
  });

  it('refuses a file that is no trace before listing anything', async () => {
    const file = join(dir, 'nope.ndjson');
    writeFileSync(file, 'hello\n');
    engine = new Engine();
    await expect(engine.openTrace(file, { background: true })).rejects.toThrow(/not an mcpscope trace/);
    expect(engine.list()).toEqual([]);
  });

  it('a read waits for the index, bounded: past the bound it answers ENGINE_TIMEOUT, not a wrong page', async () => {
    const file = bigTrace(40_000);
    const offline = await OfflineSession.open('o3', file, { waitMs: 5000 });
    expect(offline.ready).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const late = offline.frames(39_990, 10);
      vi.advanceTimersByTime(5000); // no I/O ran meanwhile: the index is still being built
      await expect(late).rejects.toMatchObject({
        code: 'ENGINE_TIMEOUT',
        message: 'the trace is still being indexed after 5 s; ask again',
      });
    } finally {
      vi.useRealTimers();
    }
    expect(seqs(await offline.frames(39_990, 10))).toEqual(Array.from({ length: 10 }, (_, i) => 39_991 + i));
  });

  it('stops indexing when the session is removed', async () => {
    const file = bigTrace(40_000);
    const offline = await OfflineSession.open('o4', file);
    offline.dispose();
    await offline.indexed;
    expect(offline.pageInfo().total).toBeLessThan(40_000);
  });
});
