import { describe, expect, it } from 'vitest';
import { MAX_PENDING, RequestPairer, pairingScope } from './pairing.js';
import { classifyMessage } from './jsonrpc.js';

describe('RequestPairer', () => {
  it('pairs a response with the request that travelled the other way, with latency', () => {
    const p = new RequestPairer();
    expect(p.observe('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 1, 10)).toBeUndefined();
    expect(p.observe('in', { jsonrpc: '2.0', id: 1, result: {} }, 2, 25)).toEqual({ requestSeq: 1, method: 'tools/list', latencyMs: 15 });
    expect(p.inFlight()).toEqual([]);
  });

  it('keeps string and number ids apart and pairs server→client requests too', () => {
    const p = new RequestPairer();
    p.observe('out', { jsonrpc: '2.0', id: 1, method: 'a' }, 1, 0);
    p.observe('in', { jsonrpc: '2.0', id: '1', method: 'sampling/createMessage' }, 2, 1);
    expect(p.observe('in', { jsonrpc: '2.0', id: '1', result: {} }, 3, 2)).toBeUndefined();
    expect(p.observe('out', { jsonrpc: '2.0', id: '1', result: {} }, 4, 5)?.method).toBe('sampling/createMessage');
    expect(p.observe('in', { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }, 5, 9)?.method).toBe('a');
  });

  it("keeps scopes apart: an app view's id 1 does not answer the server's id 1", () => {
    const p = new RequestPairer();
    p.observe('out', { jsonrpc: '2.0', id: 1, method: 'tools/call' }, 1, 0);
    p.observe('in', { jsonrpc: '2.0', id: 1, method: 'ui/initialize' }, 2, 1, 'v1');
    p.observe('in', { jsonrpc: '2.0', id: 1, method: 'ui/open-link' }, 3, 2, 'v2');
    expect(p.observe('out', { jsonrpc: '2.0', id: 1, result: {} }, 4, 4, 'v2')).toEqual({
      requestSeq: 3,
      method: 'ui/open-link',
      latencyMs: 2,
    });
    expect(p.inFlight().map((r) => [r.scope, r.dir, r.method])).toEqual([
      ['', 'out', 'tools/call'],
      ['v1', 'in', 'ui/initialize'],
    ]);
    expect(p.observe('in', { jsonrpc: '2.0', id: 1, result: {} }, 5, 9)?.method).toBe('tools/call');
    expect(p.observe('out', { jsonrpc: '2.0', id: 1, result: {} }, 6, 9, 'v1')?.method).toBe('ui/initialize');
    // A scope with a separator in it cannot reach another scope's request.
    p.observe('in', { jsonrpc: '2.0', id: 'x', method: 'ping' }, 7, 10, 'a|in');
    expect(p.observe('out', { jsonrpc: '2.0', id: 'x', result: {} }, 8, 11, 'a')).toBeUndefined();
  });

  it("names the scope of a frame: server '', an app view by its id, an app frame of no known view apart", () => {
    expect(pairingScope({})).toBe('');
    expect(pairingScope({ channel: 'app', app: { uri: 'ui://a', view: 'v1' } })).toBe('v1');
    expect(pairingScope({ channel: 'app' })).not.toBe('');
    expect(pairingScope({ app: { uri: 'ui://a', view: 'v1' } })).toBe('');
  });

  it('ignores responses to unknown ids', () => {
    expect(new RequestPairer().observe('in', { jsonrpc: '2.0', id: 7, result: {} }, 1, 0)).toBeUndefined();
  });
});

describe('classifyMessage', () => {
  it('tells requests, notifications, responses, errors and invalid shapes apart', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, method: 'x' })).toBe('request');
    expect(classifyMessage({ jsonrpc: '2.0', method: 'x' })).toBe('notification');
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, result: 1 })).toBe('response');
    expect(classifyMessage({ jsonrpc: '2.0', id: null, error: {} })).toBe('error');
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, result: 1, error: {} })).toBe('invalid');
    expect(classifyMessage({ jsonrpc: '2.0', id: { a: 1 }, method: 'x' })).toBe('invalid');
  });

  it('forgets the oldest unanswered requests past MAX_PENDING, and pairs the rest', () => {
    const p = new RequestPairer();
    for (let id = 0; id < MAX_PENDING + 5_000; id++) p.observe('out', { jsonrpc: '2.0', id, method: 'ping' }, id, id);
    expect(p.pendingCount).toBe(MAX_PENDING);
    expect(p.observe('in', { jsonrpc: '2.0', id: 0, result: {} }, 1e6, 1e6)).toBeUndefined();
    expect(p.observe('in', { jsonrpc: '2.0', id: MAX_PENDING + 4_999, result: {} }, 1e6, 1e6)?.method).toBe('ping');
  });
});
