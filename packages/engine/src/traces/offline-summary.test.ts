import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchFramesVia, type FrameSearchQuery } from './frame-reader.js';
import { FrameSummary } from './frame-summary.js';
import { OfflineSession } from './offline-session.js';

// The frame summary a search runs on is built in the background once the trace is
// indexed, in slices that leave the event loop to pages and requests; a search that comes meanwhile
// waits for that build (no second one); dispose stops it and leaves no file open.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 't', version: '1' },
  session: { id: 's', name: 'bg', transport: 'stdio', target: 'x' },
});
const FRAMES = 40_000;
/**
 * Ordinal of the frame line that is no JSON (typed a frame from its first bytes, bad when parsed):
 * past the frames the indexer parses (the handshake's first 1000, a checkpoint's) and before the
 * tail (whose bad lines are taken out of the index), so it keeps its ordinal and every reader
 * meets it: readFrames as a placeholder, the summary as a frame that matches nothing.
 */
const BAD_AT = 20_002;

function trace(): string {
  const out = [header];
  for (let i = 0; i < FRAMES; i++) {
    if (i === BAD_AT) {
      out.push('{"type":"frame","dir":"in", this is not JSON');
      continue;
    }
    const msg =
      i % 2
        ? { jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: `answer ${i}${i % 1000 === 1 ? ' needle' : ''}` }] } }
        : { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', arguments: { message: `ask ${i}` } } };
    out.push(
      JSON.stringify({
        type: 'frame',
        dir: i % 2 ? 'in' : 'out',
        msg,
        size: 80,
        ...(i % 2 ? { pair: { requestSeq: i, method: 'tools/call', latencyMs: 1 } } : {}),
        seq: i + 1,
        t: i,
        sessionId: 's',
      }),
    );
  }
  return `${out.join('\n')}\n`;
}

/** Descriptors of this process open on `file`. */
function openOn(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

const queries: FrameSearchQuery[] = [
  { filter: 'method:tools/call -is:request', limit: 50 },
  { filter: 'needle', limit: 100 },
  { filter: 'is:request -9', limit: 10 },
  { filter: 'is:request ask 1', limit: 10 },
];

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-bg-summary-'));
  file = join(dir, 'bg.ndjson');
  writeFileSync(file, trace());
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function expectSameAnswers(offline: OfflineSession): Promise<void> {
  const total = offline.pageInfo().frames;
  for (const q of queries) {
    const want = await searchFramesVia((i, n) => offline.frames(i, n), total, q);
    const got = await offline.searchFrames(q);
    expect(want.total).toBeGreaterThan(0);
    expect({ total: got.total, matches: got.matches.map((m) => [m.index, m.frame.seq]) }).toEqual({
      total: want.total,
      matches: want.matches.map((m) => [m.index, m.frame.seq]),
    });
  }
}

describe('the frame summary built in the background', () => {
  it('is built once: a search issued at open waits for the build in progress', async () => {
    const inSlices = vi.spyOn(FrameSummary, 'buildInSlices');
    const whole = vi.spyOn(FrameSummary, 'build');
    const offline = await OfflineSession.open('a', file);
    await offline.searchFrames(queries[0]!); // issued before the index is even complete
    expect(inSlices).toHaveBeenCalledTimes(1);
    expect(whole).not.toHaveBeenCalled();
    expect(await offline.summarized()).toBe(true);
    await expectSameAnswers(offline);
    expect(inSlices).toHaveBeenCalledTimes(1);
  });

  it('leaves the event loop to reads between slices; a bad line fails its frame, not the build', async () => {
    const slices: number[] = [];
    const offline = await OfflineSession.open('b', file, { onSummarySlice: (ms) => slices.push(ms) });
    await offline.indexed;
    let built = false;
    const summarized = offline.summarized().then((ok) => (built = ok));
    // A page asked for while the summary is being built is answered before the build ends.
    expect((await offline.frames(FRAMES - 10, 5)).length).toBe(5);
    expect(built).toBe(false);
    // The bad line keeps its ordinal: a placeholder between its neighbours.
    expect(offline.pageInfo().frames).toBe(FRAMES);
    const around = await offline.frames(BAD_AT - 1, 3);
    expect(around.map((f) => f.raw ?? f.seq)).toEqual([
      BAD_AT,
      'mcpscope: this trace line is not a frame event (not valid JSON)',
      BAD_AT + 2,
    ]);
    await summarized;
    expect(built).toBe(true);
    expect(slices.length).toBeGreaterThan(1);
    expect(offline.info().warnings).toEqual([`line ${BAD_AT + 2}: not valid JSON, skipped`]);
    await expectSameAnswers(offline);
  });

  it('stops when the session is disposed: no work and no file left open; searches still answer', async () => {
    const before = openOn(file);
    const offline = await OfflineSession.open('c', file);
    await offline.indexed;
    offline.dispose();
    expect(await offline.summarized()).toBe(false);
    expect(openOn(file)).toBe(before);
    await expectSameAnswers(offline); // streamed from disk, no summary kept
    expect(await offline.summarized()).toBe(false);
    expect(openOn(file)).toBe(before);
  });

  it('is not built when asked not to, nor for an empty trace; the first search builds it then', async () => {
    const inSlices = vi.spyOn(FrameSummary, 'buildInSlices');
    const offline = await OfflineSession.open('d', file, { prebuild: false });
    await offline.indexed;
    expect(await offline.summarized()).toBe(false);
    // Words alone are answered from the lines' bytes: no summary for them.
    expect((await offline.searchFrames({ filter: 'NEEDLE answer', limit: 5 })).total).toBe(FRAMES / 1000);
    expect(await offline.summarized()).toBe(false);
    await expectSameAnswers(offline);
    expect(await offline.summarized()).toBe(true);
    const empty = join(dir, 'empty.ndjson');
    writeFileSync(empty, `${header}\n`);
    const none = await OfflineSession.open('e', empty);
    await none.indexed;
    expect(await none.summarized()).toBe(false);
    expect(inSlices).not.toHaveBeenCalled();
  });
});
