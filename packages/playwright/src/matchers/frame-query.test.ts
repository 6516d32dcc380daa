import { describe, expect, it } from 'vitest';
import type { McpFrame } from '../types.js';
import { framesMatching, matchesPartially } from './frame-query.js';

const frame = (over: Partial<McpFrame>): McpFrame => ({
  seq: 1,
  ordinal: 0,
  t: 0,
  dir: 'out',
  channel: 'server',
  kind: 'request',
  findings: [],
  ...over,
});

describe('matchesPartially', () => {
  it('objects partially and recursively, arrays whole, regular expressions on strings', () => {
    expect(matchesPartially({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
    expect(matchesPartially({ a: 1 }, { a: 2 })).toBe(false);
    expect(matchesPartially([1, 2], [1])).toBe(false);
    expect(matchesPartially([{ a: 1, b: 2 }], [{ a: 1 }])).toBe(true);
    expect(matchesPartially('Echo: hi', /^Echo/)).toBe(true);
    expect(matchesPartially(3, /3/)).toBe(false);
  });

  it('asymmetric matchers decide for themselves', () => {
    expect(matchesPartially({ a: 'x' }, { a: { asymmetricMatch: (v: unknown) => typeof v === 'string' } })).toBe(true);
    expect(matchesPartially({ a: 1 }, { a: { asymmetricMatch: (v: unknown) => typeof v === 'string' } })).toBe(false);
  });

  it("a server's __proto__ or constructor key is data, not a prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}') as Record<string, unknown>;
    expect(matchesPartially(hostile, { constructor: 'x' })).toBe(true);
    expect(matchesPartially({}, { constructor: Object })).toBe(false);
    expect(matchesPartially({}, { toString: Object.prototype.toString })).toBe(false);
  });
});

describe('framesMatching', () => {
  const frames = [
    frame({
      seq: 1,
      method: 'tools/call',
      msg: { method: 'tools/call', params: { name: 'echo' } },
      origin: { by: 'user', reason: 'test: tools/call' },
    }),
    frame({ seq: 2, dir: 'in', kind: 'response', method: 'tools/call', msg: { result: { content: [] } } }),
    frame({ seq: 3, channel: 'app', method: 'ui/notifications/tool-result', kind: 'notification', app: { uri: 'ui://a', view: 'v1' } }),
  ];

  it('by direction, channel (server unless asked), method, params, result and origin', () => {
    expect(framesMatching(frames, 'out', { method: 'tools/call', params: { name: 'echo' } }).map((f) => f.seq)).toEqual([1]);
    expect(framesMatching(frames, 'out', { origin: { by: 'mcpscope' } })).toEqual([]);
    expect(framesMatching(frames, 'in', { method: 'tools/call', result: { content: [] } }).map((f) => f.seq)).toEqual([2]);
    expect(framesMatching(frames, 'out', {}).map((f) => f.seq)).toEqual([1]);
    expect(framesMatching(frames, 'out', { channel: 'app', app: { uri: 'ui://a' } }).map((f) => f.seq)).toEqual([3]);
  });
});
