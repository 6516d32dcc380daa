import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_KEYS, type FrameEvent } from '@mcpscope/protocol';
import { searchFramesVia, type FrameSearchQuery } from './frame-reader.js';
import { OfflineSession } from './offline-session.js';
import { FrameSummary, NO_SHAPE, NO_TEXT, TEXT_UNKNOWN } from './frame-summary.js';
import { searchSummary } from './summary-search.js';

// A search over an offline trace matches structured terms on a per-frame summary
// and reads lines only for full-text terms. It must answer exactly what a search over the frames
// themselves answers, for every term of the grammar (taken from FILTER_KEYS, so a new term is
// covered here the day it is added) and for frames of odd shapes.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 't', version: '1' },
  session: { id: 's', name: 'search', transport: 'stdio', target: 'x' },
});

function frames(): { lines: string[]; count: number } {
  const out: FrameEvent[] = [];
  let seq = 0;
  const f = (e: Omit<FrameEvent, 'seq' | 't' | 'sessionId' | 'type' | 'size'> & { size?: number }) =>
    out.push({ type: 'frame', size: 10, ...e, seq: ++seq, t: seq, sessionId: 's' } as FrameEvent);
  for (let k = 0; k < 40; k++) {
    const id = k % 3 === 0 ? `req-${k}` : k;
    const reqSeq = seq + 1;
    f({
      dir: 'out',
      msg: {
        jsonrpc: '2.0',
        id,
        method: k % 4 ? 'tools/call' : 'resources/read',
        params: { name: 'echo', arguments: { message: `Hello ${k}` } },
      },
      origin: { by: k % 2 ? 'user' : 'mcpscope', reason: k % 2 ? 'tools: call' : 'handshake' },
    });
    if (k % 5 === 0)
      f({
        dir: 'in',
        msg: { jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool ${k}` } },
        pair: { requestSeq: reqSeq, method: 'tools/call', latencyMs: k },
        findings: [{ rule: 'error-shape', severity: 'warning', message: `finding ${k}` }],
      });
    else
      f({
        dir: 'in',
        msg: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `Hello ${k}` }] } },
        pair: { requestSeq: reqSeq, method: 'tools/call', latencyMs: k / 2 },
      });
    if (k % 7 === 0)
      f({
        dir: 'in',
        msg: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `tick ${k}` } },
        findings: [
          { rule: 'x', severity: 'error', message: 'bad' },
          { rule: 'y', severity: 'info', message: 'fyi' },
        ],
      });
    if (k % 9 === 0)
      f({ dir: 'in', raw: `not json ${k}`, findings: [{ rule: 'stdout-not-json', severity: 'error', message: 'not JSON' }] });
    if (k % 11 === 0)
      f({
        dir: 'out',
        channel: 'app',
        app: { uri: 'ui://budget/view', view: 'v1' },
        msg: { jsonrpc: '2.0', id: k, method: 'ui/initialize', params: {} },
      });
  }
  f({ dir: 'in', msg: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } });
  f({ dir: 'in', msg: { jsonrpc: '2.0', id: { no: 1 }, method: 'weird' } });
  f({ dir: 'out', msg: { jsonrpc: '2.0', id: 99, method: `very/long/${'m'.repeat(600)}` } }); // no shape: read when searched
  f({ dir: 'in', msg: { jsonrpc: '2.0', id: 98, error: { code: 1, message: 'E'.repeat(600) } } });
  const lines = out.map((e) => {
    const { seq: s, t, sessionId, ...rest } = e;
    return JSON.stringify({ ...rest, seq: s, t, sessionId });
  });
  // Written otherwise than JSON.stringify writes it: its text is no byte range of the line.
  lines.push(
    JSON.stringify({
      type: 'frame',
      dir: 'in',
      size: 1,
      msg: { jsonrpc: '2.0', method: 'notifications/echo' },
      seq: ++seq,
      t: seq,
      sessionId: 's',
    }).replace('echo', '\\u0065cho'),
  );
  lines.push(
    `{ "type": "frame", "dir": "out", "size": 1, "msg": { "jsonrpc": "2.0", "id": 5, "method": "tools/list" }, "seq": ${++seq}, "t": 1, "sessionId": "s" }`,
  );
  return { lines, count: out.length + 2 };
}

function queries(): string[] {
  const terms: string[] = [];
  for (const k of FILTER_KEYS) {
    for (const v of [...(k.values ?? []), ...(k.presets ?? [])]) terms.push(`${k.key}:${v.value}`);
    if (k.open) terms.push(k.open.example);
  }
  terms.push(
    'method:tools/*',
    'origin:call',
    'app:BUDGET',
    'is:erorr',
    'foo:bar',
    'echo',
    'ECHO',
    'hello',
    '"id":5',
    'unknown',
    'not',
    'zzz',
    'tick',
    'uri',
  );
  const out = [...terms, ...terms.map((t) => `-${t}`)];
  out.push(
    'method:tools/call is:response hello',
    'is:failed is:request',
    '-is:request echo',
    'dir:in -has:finding',
    'has:finding hello -is:raw',
  );
  return out;
}

let dir: string;
let offline: OfflineSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-summary-'));
  const file = join(dir, 'search.ndjson');
  writeFileSync(file, `${[header, ...frames().lines].join('\n')}\n`);
  offline = await OfflineSession.open('o', file, { every: 7 });
  await offline.indexed;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('searching an offline trace on its frame summary', () => {
  it('answers exactly what a search over the frames themselves answers, for every term', async () => {
    const total = offline.pageInfo().frames;
    expect(total).toBe(frames().count);
    const qs: FrameSearchQuery[] = [];
    for (const filter of queries()) for (const limit of [0, 3, 5000]) qs.push({ filter, limit });
    qs.push(
      { method: 'tools/call', limit: 100 },
      { method: 'tools/call', filter: 'is:error', limit: 100, before: 60 },
      { filter: 'hello', before: 10, limit: 2 },
      { filter: 'is:failed', before: 3, limit: 10 },
    );
    for (const q of qs) {
      const want = await searchFramesVia((i, n) => offline.frames(i, n), total, q);
      const got = await offline.searchFrames(q);
      expect({ q, total: got.total, truncated: got.truncated, matches: got.matches.map((m) => [m.index, m.frame.seq]) }).toEqual({
        q,
        total: want.total,
        truncated: want.truncated,
        matches: want.matches.map((m) => [m.index, m.frame.seq]),
      });
      expect(got.matches.map((m) => m.frame)).toEqual(want.matches.map((m) => m.frame));
    }
  });

  it('keeps a shape or the text range of each frame, and reads the line only when it cannot', async () => {
    const summary = await FrameSummary.build(offline.index);
    expect(summary.count).toBe(offline.pageInfo().frames);
    const count = (xs: Uint32Array, v: number) => xs.filter((x) => x === v).length;
    expect(count(summary.shapeIds, NO_SHAPE)).toBe(2); // the 600-character method and error message
    expect(count(summary.textLengths, NO_TEXT)).toBe(5); // raw frames
    expect(count(summary.textLengths, TEXT_UNKNOWN)).toBe(summary.count - 5);
    // A word found in no line's bytes parses only the lines that may hide it (the \u0065 one) and
    // those without a shape (text-prefilter.ts)…
    await searchSummary(summary, offline.index.file, 'o', { filter: 'zzz', limit: 10 });
    expect(count(summary.textLengths, TEXT_UNKNOWN)).toBe(summary.count - 5 - 3);
    // …a term the bytes cannot rule out (`,`: JSON may have spaces around it) reads the lines it needs
    // and notes where their text is, for the next one.
    await searchSummary(summary, offline.index.file, 'o', { filter: 'z,z', limit: 10 });
    expect(count(summary.textLengths, TEXT_UNKNOWN)).toBe(0);
    expect(count(summary.textLengths, NO_TEXT)).toBe(5 + 2); // and the \u0065 and the spaced line
    expect(summary.shapes.length).toBeLessThan(40);
    expect(summary.bytes).toBeLessThan(summary.count * 48 + 64 * 1024);
  });

  it('fails no search on a frame whose fields have odd shapes (a trace is untrusted)', async () => {
    const file = join(dir, 'odd.ndjson');
    const odd = [
      { type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', method: 'x' }, findings: 'not a list', seq: 1, t: 0, sessionId: 's' },
      { type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', id: 1, result: {} }, pair: 'nope', seq: 2, t: 0, sessionId: 's' },
      { type: 'frame', dir: 'in', size: 1, msg: { jsonrpc: '2.0', method: 'y' }, seq: 3, t: 0, sessionId: 's' },
    ];
    writeFileSync(file, `${[header, ...odd.map((e) => JSON.stringify(e))].join('\n')}\n`);
    const o = await OfflineSession.open('odd', file);
    await o.indexed;
    expect((await o.searchFrames({ filter: 'has:finding', limit: 10 })).total).toBe(0);
    expect((await o.searchFrames({ filter: 'method:y', limit: 10 })).matches.map((m) => m.frame.seq)).toEqual([3]);
    expect((await o.searchFrames({ filter: 'is:response', limit: 10 })).matches.map((m) => m.frame.seq)).toEqual([2]);
  });
});
