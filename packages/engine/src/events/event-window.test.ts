import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameMethod, frameText, parseFrameFilter, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { EventLog } from './event-log.js';
import { eventJson, forgetEventJson } from './event-json.js';
import { Engine } from '../session/engine.js';
import { SpillDir, SpillFile, removeStaleSpillDirs } from './spill.js';
import { pageOf } from '../traces/page-of.js';

const dirs: SpillDir[] = [];
const roots: string[] = [];
const tempRoot = (name: string) => {
  const root = mkdtempSync(join(tmpdir(), name));
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A log with a tiny budget and a reference copy of everything its listeners saw. */
function tinyLog(budget = 4096) {
  const root = tempRoot('mcpscope-window-test-');
  const dir = new SpillDir(root);
  dirs.push(dir);
  const log = new EventLog('s1', undefined, { budget, spill: () => new SpillFile(dir.file('s1'), 's1') });
  const seen: SessionEvent[] = [];
  log.subscribe((e) => seen.push(e));
  return { log, dir, seen };
}

function flood(log: EventLog, n: number): void {
  for (let i = 0; i < n; i++) {
    const method = i % 3 === 0 ? 'tools/call' : 'notifications/message';
    const text = `payload ${i} ${'x'.repeat(i % 50)}`;
    if (i % 3 === 0) {
      log.frame('out', { jsonrpc: '2.0', id: i, method, params: { name: 'echo', arguments: { text } } }, 100);
      log.frame('in', { jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text }] } }, 100);
    } else log.frame('in', { jsonrpc: '2.0', method, params: { level: 'info', data: text } }, 100);
    if (i % 100 === 0) log.add({ type: 'stderr', text: `stderr ${i}` });
  }
}

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('EventWindow', () => {
  it('keeps a few events in memory and reads everything back exactly', async () => {
    const { log, seen } = tinyLog();
    flood(log, 7500);
    const ref = plain(seen);
    const refFrames = ref.filter((e): e is FrameEvent => e.type === 'frame');
    expect(refFrames.length).toBe(10_000);
    const w = log.window;
    expect(log.events().length).toBeLessThan(20);
    expect(w.memory().held).toBeLessThanOrEqual(4096);
    expect(w.counts()).toEqual({
      firstSeq: log.events()[0]!.seq,
      lastSeq: ref[ref.length - 1]!.seq,
      total: ref.length,
      firstFrame: 10_000 - log.events().filter((e) => e.type === 'frame').length,
      frames: 10_000,
    });

    for (const [from, limit] of [
      [0, 10],
      [1, 3000],
      [4321, 777],
      [ref.length - 5, 100],
      [ref.length + 10, 5],
    ] as const) {
      expect(plain(await w.page(from, limit))).toEqual(pageOf(ref, from, limit));
    }
    for (const [index, limit] of [
      [0, 500],
      [999, 2],
      [1000, 1],
      [4500, 1200],
      [9995, 500],
      [20_000, 5],
    ] as const) {
      expect(plain(await w.frames(index, limit))).toEqual(refFrames.slice(index, index + limit));
    }
    const all: SessionEvent[] = [];
    for await (const e of w.all()) all.push(e);
    expect(plain(all)).toEqual(ref);

    const filter = parseFrameFilter('method:tools/* is:response payload');
    const want = refFrames
      .map((frame, index) => ({ index, frame }))
      .filter(({ frame, index }) => index < 9000 && filter.test(frame, () => frameText(frame)));
    const found = await w.searchFrames({ filter: 'method:tools/* is:response payload', before: 9000, limit: 100 });
    expect(plain(found)).toEqual({ matches: want.slice(-100), truncated: true, total: want.length });
    const byMethod = await w.searchFrames({ method: 'tools/call', limit: 5000 });
    expect(byMethod.total).toBe(refFrames.filter((f) => frameMethod(f) === 'tools/call').length);
    expect(byMethod.matches.map((m) => m.index)).toEqual(
      refFrames
        .map((f, i) => [f, i] as const)
        .filter(([f]) => frameMethod(f) === 'tools/call')
        .map(([, i]) => i)
        .slice(-5000),
    );
  });

  it('shows a spilled frame line that is no frame event as a placeholder at its ordinal; searches keep every ordinal', async () => {
    const { log, dir } = tinyLog();
    flood(log, 600);
    const w = log.window;
    const ref = plain(await w.frames(0, 5000));
    expect(ref.length).toBe(800);
    const BAD = 123;
    expect(w.counts().firstFrame).toBeGreaterThan(BAD + 10);
    // Its line on disk loses its closing brace: still typed a frame from its first bytes, no JSON when read.
    const file = join(dir.path!, readdirSync(dir.path!)[0]!);
    let end = 0;
    let size = 0;
    for (let ordinal = -1, lines = readFileSync(file, 'utf8').split('\n'), i = 0; ordinal < BAD; i++) {
      size = Buffer.byteLength(lines[i]!);
      end += size + 1;
      if (lines[i]!.startsWith('{"type":"frame"')) ordinal++;
    }
    const fd = openSync(file, 'r+');
    writeSync(fd, ' ', end - 2);
    closeSync(fd);

    const raw = 'mcpscope: this trace line is not a frame event (not valid JSON)';
    const want = ref.map((f, i) =>
      i === BAD ? { type: 'frame', seq: expect.any(Number), t: expect.any(Number), sessionId: 's1', dir: 'in', size, raw } : f,
    );
    for (const [index, limit] of [
      [0, 5000],
      [120, 10],
      [BAD, 1],
      [BAD, 3],
      [100, 24],
      [BAD + 1, 5],
    ] as const) {
      expect({ index, limit, frames: plain(await w.frames(index, limit)) }).toEqual({
        index,
        limit,
        frames: want.slice(index, index + limit),
      });
    }
    // Every match at its true ordinal, once; the placeholder matches nothing.
    const ordinals = (filter?: string) =>
      ref
        .map((f, i) => [i, f.seq, f] as const)
        .filter(([i, , f]) => i !== BAD && (!filter || parseFrameFilter(filter).test(f, () => frameText(f))))
        .map(([i, seq]) => [i, seq]);
    for (const filter of [undefined, 'payload', 'dir:in', 'mcpscope', 'is:raw']) {
      const found = await w.searchFrames({ ...(filter ? { filter } : {}), limit: 5000 });
      expect({ filter, matches: found.matches.map((m) => [m.index, m.frame.seq]) }).toEqual({ filter, matches: ordinals(filter) });
    }
  });

  it('spills an event with the text it was announced with (serialized once), and one changed since as it is now', async () => {
    const { log, seen } = tinyLog(64 * 1024);
    const texts = new Map<number, string>();
    log.subscribe((e) => texts.set(e.seq, eventJson(e))); // as the recorder does
    const stringify = vi.spyOn(JSON, 'stringify');
    flood(log, 300);
    const events = new Set<unknown>(seen);
    const times = new Map<unknown, number>();
    for (const [value] of stringify.mock.calls) if (events.has(value)) times.set(value, (times.get(value) ?? 0) + 1);
    stringify.mockRestore();
    const spilled = log.window.memory().spilled;
    // A late change (the recorder's finding after a failed write) comes with forgetEventJson; the
    // newest event is still in memory, with the text it was announced with.
    const changed = seen.findLast((e) => e.type === 'frame')! as FrameEvent;
    expect(changed.seq).toBeGreaterThan(log.window.memory().spilled);
    changed.findings = [{ rule: 'late', severity: 'info', message: 'added after it was announced', spec: '' } as never];
    forgetEventJson(changed);
    flood(log, 1500);
    expect(log.window.memory().spilled).toBeGreaterThan(changed.seq);
    // Each event serialized once (by the listener), not again when it was spilled; only those
    // spilled before the window was half full (when it starts keeping texts) were serialized twice.
    expect(spilled).toBeGreaterThan(250);
    expect([...times.values()].filter((n) => n > 1).length).toBeLessThan(spilled / 3);
    const back = await log.window.page(1, 100_000);
    expect(back).toEqual(plain(seen));
    expect(back.find((e) => e.seq === changed.seq)).toMatchObject({ findings: [{ rule: 'late' }] });
  });

  it('keeps everything with a budget large enough, and always the newest event', async () => {
    const big = new EventLog('s2', undefined, { budget: 1e12 });
    flood(big, 300);
    expect(big.window.memory().spilled).toBe(0);
    const tiny = new EventLog('s3', undefined, {
      budget: 0,
      spill: () => new SpillFile(join(tmpdir(), `mcpscope-window-test-${process.pid}-zero.ndjson`), 's3'),
    });
    tiny.add({ type: 'stderr', text: 'one' });
    tiny.add({ type: 'stderr', text: 'two' });
    expect(tiny.events().map((e) => e.type === 'stderr' && e.text)).toEqual(['two']);
    expect((await tiny.window.page(0, 10)).length).toBe(2);
    tiny.window.dispose();
  });

  it('writes the spill file 0600 in a 0700 folder and deletes it on dispose', () => {
    const { log, dir } = tinyLog();
    flood(log, 100);
    const folder = dir.path!;
    const [file] = readdirSync(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, file!)).mode & 0o777).toBe(0o600);
    log.window.dispose();
    expect(readdirSync(folder)).toEqual([]);
    dir.dispose();
    expect(existsSync(folder)).toBe(false);
  });

  it('removes spill folders of dead processes, keeps its own', () => {
    const root = tempRoot('mcpscope-stale-test-');
    mkdirSync(join(root, 'mcpscope-spill-999999999-abc'));
    mkdirSync(join(root, `mcpscope-spill-${process.pid}-def`));
    expect(removeStaleSpillDirs(root)).toEqual([join(root, 'mcpscope-spill-999999999-abc')]);
    expect(readdirSync(root)).toEqual([`mcpscope-spill-${process.pid}-def`]);
  });

  it('an engine deletes a wrapped session’s spill file on remove and its folder on dispose', async () => {
    const root = tempRoot('mcpscope-engine-spill-');
    const engine = new Engine({ memoryBudget: 2048, spillRoot: root });
    const a = engine.ingest({ name: 'a', transport: 'stdio', target: 'x' });
    const b = engine.ingest({ name: 'b', transport: 'stdio', target: 'x' });
    const events = (id: string) =>
      Array.from({ length: 200 }, (_, i) => ({ seq: i + 1, t: i, sessionId: id, type: 'stderr', text: `line ${i}` }) as SessionEvent);
    a.add(events(a.id));
    b.add(events(b.id));
    expect(a.pageInfo()).toMatchObject({ type: 'session-page-info', total: 200, frames: 0, lastSeq: 200 });
    expect((await a.page(1, 300)).map((e) => e.seq)).toEqual(events(a.id).map((e) => e.seq));
    const folder = engine.spill.path!;
    expect(readdirSync(folder)).toHaveLength(2);
    await engine.remove(a.id);
    expect(readdirSync(folder)).toHaveLength(1);
    await engine.dispose();
    expect(existsSync(folder)).toBe(false);
  });
});
