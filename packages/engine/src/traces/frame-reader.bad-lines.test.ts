import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameMethod, frameText, parseFrameFilter, type FrameEvent } from '@mcpscope/protocol';
import { searchFramesVia, type FrameSearchQuery } from './frame-reader.js';
import { OfflineSession } from './offline-session.js';

// A line typed as a frame from its first bytes that is no frame event when read fails only its own
// frame: readFrames answers a placeholder at its ordinal, so a page keeps its length and the frames
// after the bad line keep their places (the web places them at `start + i`), and a search numbers
// every match by its true ordinal, once.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 't', version: '1' },
  session: { id: 's', name: 'bad', transport: 'stdio', target: 'x' },
});
const FRAMES = 32;
const PREFIX = 'mcpscope: this trace line is not a frame event (';

/** The bad frame-typed lines by ordinal (none where the indexer parses a line: it excludes those). */
const BAD: Record<number, (seq: number) => string> = {
  7: () => `{"type":"frame","dir":"in","size":1, this is not JSON ${'x'.repeat(100_000)}`,
  // At a frame checkpoint (every 5): a page of 5 starts at it.
  10: (seq) =>
    `{"type":"frame","dir":"sideways","size":1,"msg":{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello mcpscope"}}},"seq":${seq},"t":${seq + 0.5},"sessionId":"s"}`,
  13: (seq) => `{"type":"frame","seq":${seq},"t":${seq},"sessionId":"s","type":"stderr","text":"hello"}`,
  15: (seq) => `{"type":"frame","dir":"in","size":1,"raw":"hello","seq":"${seq}","t":1e999,"__proto__":{"seq":5,"t":5},"sessionId":"s"}`,
  21: (seq) =>
    `{"type":"frame","dir":"in","size":1,"msg":{"jsonrpc":"2.0","method":"x","params":{"a":${'['.repeat(300)}${']'.repeat(300)}}},"seq":${seq},"t":${seq},"sessionId":"s"}`,
};

function frameAt(k: number, seq: number): FrameEvent {
  const base = { type: 'frame' as const, size: 10, seq, t: seq, sessionId: 's' };
  if (k === 0) return { ...base, dir: 'out', msg: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} } };
  if (k === 1)
    return {
      ...base,
      dir: 'in',
      msg: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } },
    };
  if (k % 2 === 0)
    return {
      ...base,
      dir: 'out',
      msg: { jsonrpc: '2.0', id: k, method: 'tools/call', params: { name: 'echo', arguments: { message: `hello ${k}` } } },
    };
  return {
    ...base,
    dir: 'in',
    msg: { jsonrpc: '2.0', id: k - 1, result: { content: [{ type: 'text', text: `echo ${k}` }] } },
    pair: { requestSeq: seq - 1, method: 'tools/call', latencyMs: 1 },
  };
}

/** The trace, with a stderr event after every 4th frame, and per ordinal: the good frame's seq or the bad line. */
function trace(): { text: string; seqs: number[]; bad: Map<number, { line: string; lineNo: number }> } {
  const lines = [header];
  const seqs: number[] = [];
  const bad = new Map<number, { line: string; lineNo: number }>();
  let seq = 0;
  for (let k = 0; k < FRAMES; k++) {
    seqs.push(++seq);
    const line = BAD[k]?.(seq) ?? JSON.stringify(frameAt(k, seq));
    lines.push(line);
    if (BAD[k]) bad.set(k, { line, lineNo: lines.length });
    if (k % 4 === 3) lines.push(JSON.stringify({ type: 'stderr', seq: ++seq, t: seq, sessionId: 's', text: `log ${seq}` }));
  }
  return { text: `${lines.join('\n')}\n`, seqs, bad };
}

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const isPlaceholder = (f: FrameEvent) => f.raw?.startsWith(PREFIX) === true;

let dir: string;
let offline: OfflineSession;
const { text, seqs, bad } = trace();
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-bad-frames-'));
  const file = join(dir, 'bad.ndjson');
  writeFileSync(file, text);
  offline = await OfflineSession.open('o', file, { every: 5, tail: 1, prebuild: false });
  await offline.indexed;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a frame-typed line that is no frame event', () => {
  it('is a placeholder at its own ordinal: every page has its full length and every frame its place', async () => {
    // The bad lines were counted by the index (not parsed and excluded), so the readers meet them.
    expect(offline.index.bad!.size).toBe(0);
    expect(offline.pageInfo().frames).toBe(FRAMES);
    const all = await offline.frames(0, 100);
    expect(all.length).toBe(FRAMES);
    for (let k = 0; k < FRAMES; k++) {
      if (bad.has(k)) expect(isPlaceholder(all[k]!)).toBe(true);
      else expect({ k, seq: all[k]!.seq, placeholder: isPlaceholder(all[k]!) }).toEqual({ k, seq: seqs[k], placeholder: false });
    }

    const size = (k: number) => Buffer.byteLength(bad.get(k)!.line);
    const placeholder = (k: number, reason: string | RegExp, seq: number, t: number) => ({
      type: 'frame',
      seq,
      t,
      sessionId: 'o',
      dir: 'in',
      size: size(k),
      raw: typeof reason === 'string' ? `${PREFIX}${reason})` : expect.stringMatching(reason),
    });
    // The line's seq and t when it is a JSON object holding finite ones, else the frame before's.
    expect(plain(all[7])).toEqual(placeholder(7, 'not valid JSON', seqs[6]!, seqs[6]!));
    const notAnEvent = /^mcpscope: this trace line is not a frame event \(not a trace event \(.+\)\)$/;
    expect(plain(all[10])).toEqual(placeholder(10, notAnEvent, seqs[10]!, seqs[10]! + 0.5));
    expect(plain(all[13])).toEqual(placeholder(13, 'two "type" keys', seqs[13]!, seqs[13]!));
    expect(plain(all[15])).toEqual(placeholder(15, notAnEvent, seqs[14]!, seqs[14]!));
    expect(plain(all[21])).toEqual(placeholder(21, 'nested deeper than 256 levels', seqs[20]!, seqs[20]!));
    // No copy of the line: the reason only.
    expect(size(7)).toBeGreaterThan(100_000);
    expect(all[7]!.raw!.length).toBeLessThan(300);
    expect(all[7]!.msg).toBeUndefined();

    const id = (f: FrameEvent) => (isPlaceholder(f) ? f.raw : f.seq);
    for (const limit of [1, 2, 3, 4, 5, 7, 10, 40]) {
      for (let from = 0; from < FRAMES + 2; from++) {
        const page = await offline.frames(from, limit);
        expect({ from, limit, page: page.map(id) }).toEqual({ from, limit, page: all.slice(from, from + limit).map(id) });
      }
    }
    // First on its page, a bad line without readable numbers takes 0 (the frame before is not read).
    expect(plain((await offline.frames(15, 5))[0])).toEqual(placeholder(15, notAnEvent, 0, 0));

    // Each bad line is still reported, once.
    const lineOf = (k: number) => bad.get(k)!.lineNo;
    expect(offline.info().warnings).toEqual([
      `line ${lineOf(7)}: not valid JSON, skipped`,
      expect.stringMatching(new RegExp(`^line ${lineOf(10)}: not a trace event \\(dir: .+\\), skipped$`)),
      `line ${lineOf(13)}: two "type" keys, skipped`,
      expect.stringMatching(new RegExp(`^line ${lineOf(15)}: not a trace event \\(.+\\), skipped$`)),
      `line ${lineOf(21)}: nested deeper than 256 levels, skipped`,
    ]);
  });

  it('is matched by no search; every match has its true ordinal, once, however the frames are batched', async () => {
    const all = await offline.frames(0, FRAMES);
    // Words alone first: until a summary is built, offline.searchFrames answers them from the lines' bytes.
    const queries: FrameSearchQuery[] = [
      { filter: 'hello', limit: 100 },
      { filter: 'mcpscope', limit: 100 },
      { filter: 'frame event', limit: 100 },
      { limit: 100 },
      { filter: '-zzz', limit: 100 },
      { filter: 'is:raw', limit: 100 },
      { filter: 'dir:in', limit: 100 },
      { filter: '-dir:out', limit: 3 },
      { filter: '-is:request', before: 16, limit: 100 },
      { filter: 'is:failed', limit: 100 },
      { method: 'tools/call', limit: 100 },
    ];
    for (const q of queries) {
      // What the good frames alone answer, at their ordinals.
      const filter = q.filter ? parseFrameFilter(q.filter) : undefined;
      const want = all
        .map((frame, index) => ({ index, seq: frame.seq, frame }))
        .filter(
          ({ index, frame }) =>
            !bad.has(index) &&
            index < (q.before ?? FRAMES) &&
            (q.method === undefined || frameMethod(frame) === q.method) &&
            (!filter || filter.test(frame, () => frameText(frame), { answeredWithError: () => false })),
        )
        .map(({ index, seq }) => [index, seq]);
      const answer = (r: Awaited<ReturnType<typeof offline.searchFrames>>) => ({
        q,
        total: r.total,
        matches: r.matches.map((m) => [m.index, m.frame.seq]),
      });
      const expected = { q, total: want.length, matches: want.slice(-Math.min(q.limit, want.length)) };
      for (const batch of [1, 3, 4, 5000]) {
        const streamed = await searchFramesVia((i, n) => offline.frames(i, Math.min(n, batch)), FRAMES, q);
        expect({ batch, ...answer(streamed) }).toEqual({ batch, ...expected });
      }
      // The summary search and the word scan agree.
      expect(answer(await offline.searchFrames(q))).toEqual(expected);
    }
  });
});
