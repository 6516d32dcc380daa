import { describe, expect, it } from 'vitest';
import type { FrameEvent } from './events.js';
import { FILTER_HELP, FILTER_KEYS, frameText, parseFrameFilter } from './filter.js';

const frame = (over: Partial<FrameEvent>): FrameEvent => ({ type: 'frame', seq: 1, t: 0, sessionId: 's', dir: 'out', size: 1, ...over });
const req = frame({ msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } } });
const res = frame({
  dir: 'in',
  msg: { jsonrpc: '2.0', id: 1, result: { ok: true } },
  pair: { requestSeq: 1, method: 'tools/call', latencyMs: 3 },
});
const raw = frame({ dir: 'in', raw: 'hello from print()' });
const match = (q: string, f: FrameEvent) => parseFrameFilter(q).test(f, () => frameText(f));

describe('parseFrameFilter', () => {
  it('matches free text against method and JSON, case-insensitively', () => {
    expect(match('ECHO', req)).toBe(true);
    expect(match('print', raw)).toBe(true);
    expect(match('nothing-like-this', req)).toBe(false);
  });
  it('filters by method glob, including the method a response answers', () => {
    expect(match('method:tools/*', res)).toBe(true);
    expect(match('method:resources/*', res)).toBe(false);
  });
  it('filters by direction and kind, with negation', () => {
    expect(match('dir:in', req)).toBe(false);
    expect(match('-dir:in', req)).toBe(true);
    expect(match('is:raw', raw)).toBe(true);
    expect(match('is:response dir:in', res)).toBe(true);
    expect(match('', req)).toBe(true);
  });
  it('finds frames with lint findings, by severity', () => {
    const flagged = frame({ dir: 'in', raw: 'x', findings: [{ rule: 'stdio-non-json-stdout', severity: 'warning', message: 'm' }] });
    expect(match('has:finding', flagged)).toBe(true);
    expect(match('has:warning', flagged)).toBe(true);
    expect(match('has:error', flagged)).toBe(false);
    expect(match('has:finding', req)).toBe(false);
    expect(match('-has:finding', req)).toBe(true);
  });
  it('treats a run of * as one wildcard (no backtracking blow-up on a long method)', () => {
    const long = frame({ msg: { jsonrpc: '2.0', method: `${'a'.repeat(50_000)}!`, params: {} } });
    expect(match(`method:${'*'.repeat(40)}b`, long)).toBe(false);
    expect(match('method:tools/**', req)).toBe(true);
  });
  it('filters outgoing frames by origin: who (user / auto) or a word of the reason', () => {
    const byUser = frame({ msg: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, origin: { by: 'user', reason: 'cli: call tools/list' } });
    const handshake = frame({ msg: { jsonrpc: '2.0', id: 0, method: 'initialize' }, origin: { by: 'mcpscope', reason: 'handshake' } });
    const fallback = frame({
      msg: { jsonrpc: '2.0', id: 0, method: 'initialize' },
      origin: { by: 'mcpscope', reason: 'transport fallback' },
    });
    expect(match('origin:user', byUser)).toBe(true);
    expect(match('origin:user', handshake)).toBe(false);
    expect(match('origin:auto', handshake)).toBe(true);
    expect(match('origin:mcpscope', fallback)).toBe(true);
    expect(match('origin:auto', byUser)).toBe(false);
    expect(match('origin:HANDSHAKE', handshake)).toBe(true);
    expect(match('origin:fallback', fallback)).toBe(true);
    expect(match('origin:fallback', handshake)).toBe(false);
    expect(match('origin:cli method:tools/*', byUser)).toBe(true);
    expect(match('-origin:auto', byUser)).toBe(true);
  });
  it('matches no origin term on frames without one (incoming, wrap, older traces)', () => {
    expect(match('origin:user', res)).toBe(false);
    expect(match('origin:auto', res)).toBe(false);
    expect(match('origin:call', req)).toBe(false);
    expect(match('-origin:auto', res)).toBe(true);
  });
  it("filters by channel (app / server) and by the app view's ui:// URI", () => {
    const appInit = frame({
      dir: 'in',
      channel: 'app',
      app: { uri: 'ui://Budget/Allocator', view: 'v1' },
      msg: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} },
    });
    const appCall = frame({
      msg: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x' } },
      origin: { by: 'user', reason: 'app: ui://budget/allocator' },
    });
    expect(match('channel:app', appInit)).toBe(true);
    expect(match('channel:APP', req)).toBe(false);
    expect(match('channel:server', req)).toBe(true);
    expect(match('channel:server', appInit)).toBe(false);
    expect(match('-channel:app', appCall)).toBe(true);
    expect(match('channel:nonsense', req)).toBe(false); // and flagged (below)
    expect(match('app:budget/alloc', appInit)).toBe(true);
    expect(match('app:weather', appInit)).toBe(false);
    // A server frame an app caused is found by its origin, not by app:…
    expect(match('app:budget', appCall)).toBe(false);
    expect(match('origin:app', appCall)).toBe(true);
    expect(match('channel:app method:ui/*', appInit)).toBe(true);
  });
});

const diagnostics = (q: string) => parseFrameFilter(q).diagnostics;

describe('filter diagnostics', () => {
  it('flags an unknown is: value with its position and the value meant', () => {
    const [d, ...rest] = diagnostics('method:tools/* is:erorr');
    expect(rest).toEqual([]);
    expect(d).toEqual({
      start: 15,
      end: 23,
      term: 'is:erorr',
      message: 'unknown term "is:erorr" — did you mean is:error?',
      suggestion: 'is:error',
    });
    expect(match('is:erorr', req)).toBe(false);
  });
  it('flags an unknown key and still searches the term as text', () => {
    const [d] = diagnostics('foo:bar');
    expect(d).toMatchObject({ start: 0, end: 7, term: 'foo:bar' });
    expect(d!.message).toBe(
      'unknown term "foo:bar" — "foo:" is not a filter key (method, dir, is, has, origin, channel, app); searched as text',
    );
    expect(d!.suggestion).toBeUndefined();
    const named = frame({ msg: { jsonrpc: '2.0', id: 3, method: 'x', params: { note: 'foo:bar' } } });
    expect(match('foo:bar', named)).toBe(true);
  });
  it('suggests the key meant: a typo, a swap, a prefix; keeps the negation', () => {
    expect(diagnostics('mehtod:tools/list')[0]?.suggestion).toBe('method:tools/list');
    expect(diagnostics('-iss:error')[0]).toMatchObject({
      suggestion: '-is:error',
      message: 'unknown term "-iss:error" — did you mean -is:error?',
    });
    expect(diagnostics('is:req')[0]?.suggestion).toBe('is:request');
    expect(diagnostics('dir:inn')[0]?.suggestion).toBe('dir:in');
    expect(diagnostics('has:warn')[0]?.suggestion).toBe('has:warning');
    expect(diagnostics('is:xyz')[0]?.message).toBe(
      'unknown term "is:xyz" — is: takes request, notification, response, error, failed, raw, invalid',
    );
  });
  it('flags a key without a value and a lone "-", and ignores them (terms being typed)', () => {
    expect(diagnostics('is: echo -')).toEqual([
      { start: 0, end: 3, term: 'is:', message: '"is:" needs a value, e.g. is:request' },
      { start: 9, end: 10, term: '-', message: '"-" needs a term after it, e.g. -method:ping' },
    ]);
    expect(match('is: echo -', req)).toBe(true);
    expect(diagnostics('method:')[0]?.message).toBe('"method:" needs a value, e.g. method:tools/*');
  });
  it('reads text with a colon that is no term as text: URIs, times, JSON fragments', () => {
    for (const q of ['demo://static/pixel.png', 'ui://budget', '18:10:13', '"name":"echo"', 'tools/call:x'])
      expect(diagnostics(q)).toEqual([]);
    expect(match('"name":"echo"', req)).toBe(true);
  });
  it('accepts keys and closed values in any case', () => {
    expect(diagnostics('IS:Error DIR:IN Method:x')).toEqual([]);
    expect(match('DIR:OUT', req)).toBe(true);
  });
  it('never throws, whatever the query', () => {
    for (const q of [':', '::', '-:', '--', '-is:', 'a:', `${'x'.repeat(10_000)}:y`, `is:${'e'.repeat(5_000)}`, '\u0000:\u0000']) {
      expect(() => parseFrameFilter(q).test(req, () => frameText(req))).not.toThrow();
    }
  });
});

describe('is:error and is:failed', () => {
  const call = frame({ seq: 7, msg: { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'nope' } } });
  const failure = frame({
    seq: 8,
    dir: 'in',
    msg: { jsonrpc: '2.0', id: 9, error: { code: -32602, message: 'Unknown tool' } },
    pair: { requestSeq: 7, method: 'tools/call', latencyMs: 2 },
  });
  const ctx = { answeredWithError: (seq: number) => seq === 7 };
  const test = (q: string, f: FrameEvent) => parseFrameFilter(q).test(f, () => frameText(f), ctx);

  it('is:error matches the error response, not the request it answers', () => {
    expect(test('is:error', failure)).toBe(true);
    expect(test('is:error', call)).toBe(false);
    expect(test('is:error', res)).toBe(false);
  });
  it('is:error is not has:error: a frame with an error finding is found by has:error', () => {
    const flagged = frame({
      msg: { jsonrpc: '1.0', id: 4, method: 'x' } as never,
      findings: [{ rule: 'jsonrpc-version', severity: 'error', message: 'm' }],
    });
    expect(test('is:error', flagged)).toBe(false);
    expect(test('has:error', flagged)).toBe(true);
  });
  it('is:failed matches both halves of a failed exchange, given the answers', () => {
    expect(test('is:failed', failure)).toBe(true);
    expect(test('is:failed', call)).toBe(true);
    expect(test('is:failed is:request', call)).toBe(true);
    expect(test('is:failed is:request', failure)).toBe(false);
    expect(test('is:failed', req)).toBe(false);
    expect(test('-is:failed', call)).toBe(false);
    expect(parseFrameFilter('is:failed').needsAnswers).toBe(true);
    expect(parseFrameFilter('is:error').needsAnswers).toBe(false);
    // Without the answers (no context) a request is not known to have failed.
    expect(parseFrameFilter('is:failed').test(call, () => frameText(call))).toBe(false);
  });
});

describe('FILTER_HELP', () => {
  const keyOf = (term: string) => /^-?([a-z]+):/.exec(term)?.[1];
  it('lists every key the parser accepts, and only those', () => {
    const helpKeys = new Set(FILTER_HELP.map((r) => keyOf(r.term)).filter((k) => k !== undefined));
    expect([...helpKeys].sort()).toEqual(FILTER_KEYS.map((k) => k.key).sort());
    expect(helpKeys.has('has')).toBe(true);
  });
  it('lists every value of every closed key', () => {
    for (const k of FILTER_KEYS) for (const v of k.values ?? []) expect(FILTER_HELP.map((r) => r.term)).toContain(`${k.key}:${v.value}`);
  });
  it('gives every term an example the parser accepts without a diagnostic', () => {
    for (const row of FILTER_HELP) {
      expect(row.example.length).toBeGreaterThan(0);
      expect(diagnostics(row.example), row.term).toEqual([]);
      expect(row.meaning.length).toBeGreaterThan(0);
    }
  });
  it('and every key outside the table is flagged', () => {
    for (const word of ['kind', 'type', 'text', 'seq', 'session']) expect(diagnostics(`${word}:x`)).toHaveLength(1);
  });
});

describe('textTerms', () => {
  // A trace reader rules lines out of a search from their bytes by these needles (engine:
  // text-prefilter.ts): every term that reads the text must be listed, and no other.
  it('lists the lower-cased needle of every free-text term, negated or not, unknown keys included', () => {
    expect(parseFrameFilter('Echo -HELLO method:tools/* foo:Bar demo://x is:').textTerms).toEqual(['echo', 'hello', 'foo:bar', 'demo://x']);
    expect(parseFrameFilter('').textTerms).toEqual([]);
  });
  it('no key term reads the text', () => {
    const frames = [req, res, raw];
    for (const k of FILTER_KEYS) {
      const terms = [...(k.values ?? []), ...(k.presets ?? [])].map((v) => `${k.key}:${v.value}`);
      if (k.open) terms.push(k.open.example);
      for (const term of terms.flatMap((t) => [t, `-${t}`])) {
        const filter = parseFrameFilter(term);
        expect(filter.textTerms).toEqual([]);
        for (const f of frames) filter.test(f, () => expect.unreachable(`${term} read the text`), { answeredWithError: () => false });
      }
    }
  });
});
