import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrameFilter } from '@mcpscope/protocol';
import { searchFramesVia, type FrameSearchQuery } from './frame-reader.js';
import { FrameSummary } from './frame-summary.js';
import { OfflineSession } from './offline-session.js';
import { searchSummary } from './summary-search.js';
import { byteNeedles, markCandidates } from './text-prefilter.js';
import { searchTextLines, wordsOnly } from './text-scan.js';

// A full-text term rules lines out from their bytes (text-prefilter.ts) instead of
// parsing them. The answers must be exactly those of a search over the parsed frames, on lines
// written to trip every rule: escapes (\u, \/), characters that lower-case to ASCII (İ, K),
// numbers JSON.stringify rewrites, spaced JSON, raw (non-JSON) frames, a truncated last line.

const header = JSON.stringify({
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 't', version: '1' },
  session: { id: 's', name: 'bytes', transport: 'stdio', target: 'x' },
});

function lines(): Array<string | Buffer> {
  let seq = 0;
  const frame = (msg: string, extra = '') =>
    `{"type":"frame","dir":"in","size":1,"msg":${msg}${extra},"seq":${++seq},"t":1,"sessionId":"s"}`;
  const raw = (text: string) => `{"type":"frame","dir":"in","size":1,"raw":${text},"seq":${++seq},"t":1,"sessionId":"s"}`;
  const call = (params: string) => frame(`{"jsonrpc":"2.0","id":${seq + 1},"method":"tools/call","params":${params}}`);
  return [
    call('{"name":"echo","arguments":{"message":"Hello World"}}'),
    call('{"name":"\\u0065cho","arguments":{"message":"h\\u0065llo"}}'), // escapes hide "echo", "hello"
    frame('{"jsonrpc":"2.0","id":3,"method":"tools\\/list"}'), // tools\/list is tools/list
    call('{"name":"echo","arguments":{"message":"\u212Aelvin KEY"}}'), // the Kelvin sign lower-cases to k
    call('{"name":"echo","arguments":{"message":"\u0130stanbul by tax\u0130"}}'), // İ lower-cases to i + U+0307
    call('{"name":"open","arguments":{"uri":"file:\\/\\/\\/tmp\\/a\\/b"}}'), // \/ is /
    call('{"name":"echo","arguments":{"n":1e2,"m":1E+2,"half":1.50,"neg":-0}}'), // numbers JSON.stringify rewrites…
    call('{"name":"echo","arguments":{"small":0.0000001}}'),
    call('{"name":"echo","arguments":{"huge":1e400}}'),
    call('{"name":"echo","arguments":{"big":100000000000000000000000}}'),
    call('{"name":"echo","arguments":{"long":12345678901234567890}}'),
    call('{"name":"echo","arguments":{"ok":2.50,"zero":-0.0,"int":300}}'), // …and ones it writes as pieces of them
    `{ "type": "frame", "dir": "out", "size": 1, "msg": { "jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": { "name": "echo", "arguments": { "list": [ 1, 2 ], "k": { "a": true } } } }, "seq": ${++seq}, "t": 1, "sessionId": "s" }`,
    frame(
      '{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"say \\"hi\\" \\\\ back\\nslash\\u001b[31mred"}]}}',
      ',"pair":{"requestSeq":1,"method":"tools/call","latencyMs":2}',
    ),
    raw('"plain stdout: Hello from print()"'),
    raw('"escaped stdout: \\u0048ello \\"quoted\\" tab\\tend"'),
    raw('"\u212Aey in raw"'),
    frame('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"caf\u00e9 \u00c9CHO \u00fcber"}}'),
    frame('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"dup"},"params":{"data":"winner"}}'), // a later key wins
    frame(
      '{"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"Unknown tool: zap"}}',
      ',"pair":{"requestSeq":1,"method":"tools/call","latencyMs":2}',
    ),
    frame(`{"jsonrpc":"2.0","id":13,"method":"very/long/${'m'.repeat(600)}"}`), // no shape: always read
    Buffer.from(call('{"name":"echo","arguments":{"message":"bad byte X here"}}').replace('X', '\u0001')).map((b) => (b === 1 ? 0xff : b)), // not UTF-8
    '{"type":"frame","dir":"in","size":1,"msg":{"jsonrpc":"2.0","id":14,"res', // cut off mid-line (the last line, no "\n")
  ];
}

const needles = [
  'echo',
  'ECHO',
  'hello',
  'Hello World',
  'tools/list',
  'tools/call',
  'tools',
  'kelvin',
  'key',
  'k',
  'i',
  'istanbul',
  'stanbul',
  'i\u0307stanbul',
  'caf\u00e9',
  '\u00e9cho',
  'ber',
  'uber',
  '100',
  '1e',
  'e-7',
  'e+23',
  'null',
  'ul',
  '000',
  '1.5',
  '7000',
  'x100',
  'say',
  'hi',
  'back',
  'u001b',
  'nslash',
  'slash',
  '[31mred',
  '31mred',
  'print()',
  'stdout:',
  'quoted',
  'tab',
  'ttab',
  'taxi',
  'tmp/a',
  '///',
  '1,2',
  '[1',
  '2]',
  'true}',
  'true',
  ':true',
  'k',
  'list',
  'dup',
  'winner',
  'zap',
  'unknown',
  'mmmm',
  'res',
  'here',
  'bad',
  '\ufffd',
  '"id":5',
  'id',
  'jsonrpc',
  '2.0',
  'result',
  'zzz',
  'foo:bar',
  'a/b',
  '-',
  '.',
];

function queries(): string[] {
  const out: string[] = [];
  for (const n of needles) out.push(n, `-${n}`, `is:request ${n}`, `dir:in -${n}`, `method:tools/* ${n}`);
  out.push('echo hello', 'echo -hello', 'key -kelvin', 'tools zap', 'is:failed echo', 'is:raw print');
  return out;
}

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-prefilter-'));
  file = join(dir, 'bytes.ndjson');
  writeFileSync(file, Buffer.concat([header, ...lines()].flatMap((l, i) => [...(i ? [Buffer.from('\n')] : []), Buffer.from(l)])));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ruling lines out of a full-text search from their bytes', () => {
  it('answers exactly what a search over the parsed frames answers, for every term, first and again', async () => {
    const offline = await OfflineSession.open('o', file, { every: 3, prebuild: false });
    await offline.indexed;
    const total = offline.pageInfo().frames;
    expect(total).toBeGreaterThan(15);
    const summary = await FrameSummary.build(offline.index);
    let wordSearches = 0;
    for (const round of ['first', 'again']) {
      for (const filter of queries()) {
        for (const q of [
          { filter, limit: 1000 },
          { filter, limit: 2, before: 12 },
        ] as FrameSearchQuery[]) {
          const want = await searchFramesVia((i, n) => offline.frames(i, n), total, q);
          const got = await searchSummary(summary, file, 'o', q);
          const answer = (r: typeof got) => ({
            round,
            q,
            total: r.total,
            truncated: r.truncated,
            matches: r.matches.map((m) => [m.index, m.frame.seq]),
          });
          expect(answer(got)).toEqual(answer(want));
          // Words alone are also answered without the summary, from the lines.
          const words = wordsOnly(q);
          if (words) {
            wordSearches++;
            expect(answer(await searchTextLines(offline.index, q, words))).toEqual(answer(want));
          }
        }
      }
    }
    expect(wordSearches).toBeGreaterThan(50);
    // Not words alone: a key term, a negated word, a term the bytes cannot rule out.
    for (const filter of ['echo is:request', 'echo -hello', '"id":5', 'echo a,b']) expect(wordsOnly({ filter, limit: 1 })).toBeUndefined();
    expect(wordsOnly({ filter: 'echo', method: 'tools/call', limit: 1 })).toBeUndefined();
  });

  it('rules out only needles that cannot be rewritten between the bytes and the text', () => {
    const needlesOf = (q: string) => byteNeedles(parseFrameFilter(q).textTerms);
    expect(needlesOf('echo -Hello tools/call echo')).toEqual({ needles: ['echo', 'hello', 'tools/call'], numbers: false });
    expect(needlesOf('method:tools/call is:request')).toBeUndefined(); // no text term
    // Quotes, backslashes and JSON punctuation; non-ASCII: the lines are parsed.
    for (const q of ['"id":5', 'a\\b', 'a,b', 'x:y', '[1', 'caf\u00e9', 'echo a,b']) expect(needlesOf(q)).toBeUndefined();
    // Pieces of numbers and of null also read the lines with numbers JSON.stringify may rewrite.
    for (const q of ['100', '1e', 'e-7', '1.5', 'e', 'null', 'ul', 'echo 100']) expect(needlesOf(q)?.numbers).toBe(true);
  });

  it('marks exactly the lines that hold a needle or may hide one, across read blocks', () => {
    // Lines of random lengths (some over the 64 KiB block), needles and numbers in random cases and
    // places, one across each block boundary, hiding sequences; every other line asked for.
    const pieces = [
      'NeEdLe',
      'needle',
      'need',
      'le',
      '\\u0041',
      '\\/',
      '\u212a',
      '\u0130',
      'x',
      'yz ',
      '\u00e9',
      '3e5',
      '0.0000001',
      '12345678.12345678',
      '1234567890',
    ];
    const rewrites = /[0-9](?:[eE]|[0-9.]{15})|\.000000/;
    const cases = [
      { across: 'nEeDlE', needles: ['needle'], numbers: false },
      { across: 'nEeDlE', needles: ['le', 'dle'], numbers: false },
      { across: '1234567890123456789', needles: ['zzz'], numbers: true },
      { across: '9.00000001', needles: ['12e'], numbers: true },
    ];
    for (const { across, needles, numbers } of cases) {
      let seed = 7;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
      const lengths: number[] = [];
      const parts: string[] = [];
      for (let n = 0; n < 400; n++) {
        const target = rand(5) === 0 ? 70_000 + rand(5000) : rand(3000);
        let len = 0;
        while (len < target) {
          const p = target < 5000 && rand(600) === 0 ? pieces[rand(pieces.length)]! : 'abcdefgh'.slice(rand(8));
          parts.push(p);
          len += p.length;
        }
        parts.push('\n');
        lengths.push(len);
      }
      const window = Buffer.from(parts.join(''), 'latin1');
      let crossed = 0;
      for (let b = 65_536; b + across.length < window.length; b += 65_536) {
        const at = b - (across.length >> 1);
        if (window.subarray(at, at + across.length).includes(10)) continue;
        window.write(across, at, 'latin1');
        crossed++;
      }
      expect(crossed).toBeGreaterThan(20);
      const offsets: number[] = [];
      for (let at = 0, n = 0; n < lengths.length; at += lengths[n]! + 1, n++) offsets.push(at);
      const items = lengths.map((_, n) => n).filter((n) => n % 2 === 1);
      const candidate = new Uint8Array(items.length);
      markCandidates(
        window,
        0,
        items,
        0,
        items.length,
        (n) => offsets[n]!,
        (n) => lengths[n]!,
        { needles, numbers },
        candidate,
      );
      const want = items.map((n) => {
        const l = window.subarray(offsets[n]!, offsets[n]! + lengths[n]!);
        const text = l.toString('latin1');
        const hides = ['\\u', '\\/', '\u0130', '\u212a'].some((h) => l.includes(Buffer.from(h)));
        return needles.some((x) => text.toLowerCase().includes(x)) || hides || (numbers && rewrites.test(text)) ? 1 : 0;
      });
      expect({ across, marked: [...candidate] }).toEqual({ across, marked: want });
      expect(want.filter((x) => x === 0).length).toBeGreaterThan(10);
      expect(want.filter((x) => x === 1).length).toBeGreaterThan(10);
    }
  });
});
