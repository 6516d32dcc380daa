import { appendFileSync, mkdtempSync, rmSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TRACE_LINE } from '@mcpscope/trace';
import { lintTraceFile, readTraceFile } from '../check/lint-trace.js';
import { indexTrace, readEvents } from './trace-index.js';
import { scanLines } from './line-scanner.js';
import { OfflineSession } from './offline-session.js';
import { MAX_TRACE_WARNINGS, WarningList } from './warning-list.js';

// Hostile trace files. A line longer than the cap is skipped as it streams (never
// accumulated), a line nested deeper than MAX_JSON_DEPTH is refused before JSON.parse; both
// with a counted, clear reason. `mcpscope open` reads with indexTrace, `lint` with readTraceFile.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 'mcpscope', version: '0' },
  session: { id: 's', name: 'n', transport: 'stdio', target: 't' },
});
const event = (seq: number) => JSON.stringify({ seq, t: seq, sessionId: 's', type: 'stderr', text: `line ${seq}` });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-hostile-lines-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** header, event 1, then a `bytes`-long line of NUL bytes (a sparse extent: fast to make), then maybe event 2. */
function hugeLineTrace(bytes: number, tail: boolean): string {
  const file = join(dir, 'huge.ndjson');
  writeFileSync(file, `${header}\n${event(1)}\n`);
  truncateSync(file, statSync(file).size + bytes);
  if (tail) appendFileSync(file, `\n${event(2)}\n`);
  return file;
}

describe('a trace line longer than the cap', () => {
  const size = 320 * 1024 * 1024; // four times the 80 MiB cap
  const warning = new RegExp(`^line 3: longer than the 80 MiB line limit \\(${size} bytes or more\\), skipped$`);

  it('is skipped by open (indexTrace) and lint (readTraceFile) with a warning; the lines around it are kept', async () => {
    expect(MAX_TRACE_LINE).toBe(80 * 1024 * 1024);
    const file = hugeLineTrace(size, true);
    const index = await indexTrace(file);
    expect(index.warnings).toEqual([expect.stringMatching(warning)]);
    expect(index.total).toBe(2);
    expect((await readEvents(index, 0, 10)).map((e) => e.seq)).toEqual([1, 2]);

    // Opened offline (the lazy index from newline offsets): the same warning, the same events.
    const offline = await OfflineSession.open('h', file);
    await offline.indexed;
    expect(offline.info().warnings).toEqual([expect.stringMatching(warning)]);
    expect((await offline.page(0, 10)).map((e) => e.seq)).toEqual([1, 2]);
    // The in-memory tail reads at most 32 MiB of the file back from its end: event 1 lies before the huge line.
    expect(offline.events().map((e) => e.seq)).toEqual([2]);

    const parsed = await readTraceFile(file);
    expect(parsed.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(parsed.warnings).toEqual([expect.stringMatching(/^line 3: longer than the 80 MiB line limit \(\d+ bytes or more\), skipped$/)]);
    const report = await lintTraceFile(file);
    expect(report.notes).toEqual([expect.stringMatching(/^note: line 3: longer than the 80 MiB line limit/)]);
  }, 30_000);

  it('as the last line without a newline, and as line 1 (not a trace, with the reason)', async () => {
    const file = hugeLineTrace(100 * 1024 * 1024, false);
    expect((await indexTrace(file)).warnings).toEqual([
      expect.stringMatching(/^line 3: longer than the 80 MiB line limit \(104857600 bytes or more\), skipped$/),
    ]);
    expect((await readTraceFile(file)).warnings).toEqual([expect.stringMatching(/^line 3: longer than the 80 MiB line limit/)]);

    const first = join(dir, 'first.ndjson');
    writeFileSync(first, '');
    truncateSync(first, 100 * 1024 * 1024);
    await expect(indexTrace(first)).rejects.toThrow(/^not an mcpscope trace: line 1: longer than the 80 MiB line limit/);
    await expect(readTraceFile(first)).rejects.toThrow(/^not an mcpscope trace: line 1: longer than the 80 MiB line limit/);
  }, 30_000);

  it('keeps byte offsets right past a skipped line (small cap)', async () => {
    const file = join(dir, 'small.ndjson');
    writeFileSync(file, `ab\n${'x'.repeat(50)}\ncd\n`);
    const seen: Array<{ offset: number; text: string; tooLong?: number }> = [];
    await scanLines(file, 0, ({ offset, text, tooLong }) => void seen.push({ offset, text, ...(tooLong ? { tooLong } : {}) }), {
      maxLineBytes: 10,
    });
    expect(seen).toEqual([
      { offset: 0, text: 'ab' },
      { offset: 3, text: '', tooLong: 50 },
      { offset: 54, text: 'cd' },
    ]);
  });
});

describe('a trace line nested deeper than MAX_JSON_DEPTH', () => {
  it('is skipped with its reason by open and lint (no stack overflow downstream); a deep header is refused', async () => {
    const deep = JSON.stringify({
      seq: 2,
      t: 2,
      sessionId: 's',
      type: 'frame',
      dir: 'in',
      size: 1,
      msg: { jsonrpc: '2.0', method: 'x', params: { a: 'DEEP' } },
    }).replace('"DEEP"', `${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    const file = join(dir, 'deep.ndjson');
    writeFileSync(file, `${header}\n${event(1)}\n${deep}\n${event(3)}\n`);
    const index = await indexTrace(file);
    expect(index.warnings).toEqual(['line 3: nested deeper than 256 levels, skipped']);
    expect((await readEvents(index, 0, 10)).map((e) => e.seq)).toEqual([1, 3]);
    // Offline: frames near the start are parsed for the handshake, so the deep one is refused at open.
    const offline = await OfflineSession.open('d', file, { tail: 1 });
    await offline.indexed;
    expect(offline.info().warnings).toEqual(['line 3: nested deeper than 256 levels, skipped']);
    expect((await offline.page(0, 10)).map((e) => e.seq)).toEqual([1, 3]);
    expect(offline.pageInfo()).toMatchObject({ total: 2, frames: 0 });
    const report = await lintTraceFile(file);
    expect(report.notes).toEqual(['note: line 3: nested deeper than 256 levels, skipped']);

    const deepHeader = join(dir, 'deep-header.ndjson');
    writeFileSync(deepHeader, `{"type":"header","x":${'['.repeat(300)}${']'.repeat(300)}}\n`);
    await expect(indexTrace(deepHeader)).rejects.toThrow('invalid trace header: nested deeper than 256 levels');
    await expect(readTraceFile(deepHeader)).rejects.toThrow('invalid trace header: nested deeper than 256 levels');
  });
});

describe('the warnings of one trace', () => {
  it('reports each line once and at most MAX_TRACE_WARNINGS of them, then counts the rest', () => {
    const w = new WarningList(3);
    expect(w.add(10, 'a')).toBe(true);
    expect(w.add(10, 'a again')).toBe(false);
    for (const [offset, text] of [
      [20, 'b'],
      [30, 'c'],
      [40, 'd'],
      [50, 'e'],
    ] as const)
      w.add(offset, text);
    expect(w.list).toEqual(['a', 'b', 'c', '…and 2 more lines skipped']);
    expect(MAX_TRACE_WARNINGS).toBe(1000);
  });
});
