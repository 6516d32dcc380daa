import { describe, expect, it } from 'vitest';
import type { FrameEvent } from './events.js';
import { frameText, parseFrameFilter } from './filter.js';

const frame = (over: Partial<FrameEvent>): FrameEvent => ({ type: 'frame', seq: 1, t: 0, sessionId: 's', dir: 'out', size: 1, ...over });
const req = frame({ msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } } });
const res = frame({ dir: 'in', msg: { jsonrpc: '2.0', id: 1, result: { ok: true } }, pair: { requestSeq: 1, method: 'tools/call', latencyMs: 3 } });
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
    const fallback = frame({ msg: { jsonrpc: '2.0', id: 0, method: 'initialize' }, origin: { by: 'mcpscope', reason: 'transport fallback' } });
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
  it('filters by channel (app / server) and by the app view\'s ui:// URI', () => {
    const appInit = frame({ dir: 'in', channel: 'app', app: { uri: 'ui://Budget/Allocator', view: 'v1' }, msg: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} } });
    const appCall = frame({ msg: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x' } }, origin: { by: 'user', reason: 'app: ui://budget/allocator' } });
    expect(match('channel:app', appInit)).toBe(true);
    expect(match('channel:APP', req)).toBe(false);
    expect(match('channel:server', req)).toBe(true);
    expect(match('channel:server', appInit)).toBe(false);
    expect(match('-channel:app', appCall)).toBe(true);
    expect(match('channel:nonsense', req)).toBe(false);
    expect(match('app:budget/alloc', appInit)).toBe(true);
    expect(match('app:weather', appInit)).toBe(false);
    // A server frame an app caused is found by its origin, not by app:…
    expect(match('app:budget', appCall)).toBe(false);
    expect(match('origin:app', appCall)).toBe(true);
    expect(match('channel:app method:ui/*', appInit)).toBe(true);
  });
});
