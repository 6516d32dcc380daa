import { describe, expect, it } from 'vitest';
import type { Direction, Finding, HttpEvent, SessionEvent } from '../events.js';
import { Linter, TRANSPORT_ATTEMPT } from './linter.js';

/** Findings that were false on real servers, each with the real violation still caught. */
let seq = 0;
const frame = (dir: Direction, msg: Record<string, unknown>): SessionEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});
const out = (msg: Record<string, unknown>) => frame('out', msg);
const inn = (msg: Record<string, unknown>) => frame('in', msg);
const http = (over: Partial<HttpEvent>): HttpEvent => ({
  type: 'http',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  method: 'POST',
  url: 'http://x/mcp',
  status: 200,
  requestHeaders: {},
  contentType: 'application/json',
  durationMs: 1,
  ...over,
});
const attempt: SessionEvent = {
  type: 'lifecycle',
  seq: 0,
  t: 0,
  sessionId: 's',
  phase: 'state',
  state: TRANSPORT_ATTEMPT,
  message: 'transport attempt 2',
};
const rules = (findings: Finding[]) => findings.map((f) => f.rule);
const init = (id: number) =>
  out({ id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const initAnswer = (id: number, version = '2025-11-25') =>
  inn({ id, result: { protocolVersion: version, capabilities: { tools: {}, resources: {} }, serverInfo: { name: 's', version: '1' } } });

function run(l: Linter, events: SessionEvent[]): string[] {
  return events.flatMap((e) => rules(l.observe(e)));
}

describe('duplicate-inflight-id across transport attempts', () => {
  it('a new transport attempt is a new conversation: the resent ids are not in flight', () => {
    expect(run(new Linter(), [init(0), attempt, init(0)])).toEqual([]);
  });

  it('without the attempt marker the reuse is still reported', () => {
    expect(run(new Linter(), [init(0), init(0)])).toEqual(['duplicate-inflight-id']);
  });

  it('the same request POSTed again after a 401 challenge (OAuth) is one request retried, not a reuse', () => {
    const probe = () => out({ id: 'server-discover-probe-1', method: 'server/discover', params: {} });
    expect(run(new Linter(), [probe(), http({ status: 401, contentType: 'application/json' }), probe()])).toEqual([]);
    // Another method under the same id after the challenge is still a reuse; so is a resend with no challenge.
    expect(run(new Linter(), [probe(), http({ status: 401 }), out({ id: 'server-discover-probe-1', method: 'tools/list' })])).toEqual([
      'duplicate-inflight-id',
    ]);
    expect(run(new Linter(), [probe(), http({ status: 500 }), probe()])).toEqual(['duplicate-inflight-id']);
  });
});

describe('http-protocol-version-header', () => {
  it('does not flag the initialize POST when its SSE answer was logged first (stateless server)', () => {
    const l = new Linter();
    expect(run(l, [init(0), initAnswer(0), http({ contentType: 'text/event-stream' })])).toEqual([]);
    // The next POST (notifications/initialized) without the header is a real violation.
    expect(run(l, [out({ method: 'notifications/initialized' }), http({ status: 202, contentType: undefined })])).toEqual([
      'http-protocol-version-header',
    ]);
  });

  it('keys initialization by HTTP session: a second client initializing in a wrap trace is not flagged', () => {
    const l = new Linter();
    const v = { 'mcp-protocol-version': '2025-11-25' };
    run(l, [
      init(0),
      http({ responseHeaders: { 'mcp-session-id': 'A' } }),
      initAnswer(0),
      out({ method: 'notifications/initialized' }),
      http({ status: 202, requestHeaders: { 'mcp-session-id': 'A', ...v } }),
    ]);
    // Client 2: its initialize POST carries neither header (it is not "subsequent"), whichever order it is logged in.
    expect(run(l, [http({ responseHeaders: { 'mcp-session-id': 'B' } }), init(0), initAnswer(0)])).toEqual([]);
    expect(run(l, [http({ requestHeaders: { 'mcp-session-id': 'B' } })])).toEqual(['http-protocol-version-header']);
    expect(run(l, [http({ requestHeaders: { 'mcp-session-id': 'A', ...v } })])).toEqual([]);
  });

  it('does not apply to the legacy HTTP+SSE transport or to versions before 2025-06-18', () => {
    const sse = new Linter();
    const events = [
      http({ method: 'GET', url: 'http://x/sse', contentType: 'text/event-stream' }),
      init(0),
      initAnswer(0),
      http({ url: 'http://x/message?sessionId=1', status: 202, contentType: 'text/plain' }),
    ];
    expect(
      run(sse, [
        ...events,
        out({ method: 'notifications/initialized' }),
        http({ url: 'http://x/message?sessionId=1', status: 200, contentType: 'text/plain' }),
      ]),
    ).toEqual([]);
    const old = new Linter();
    expect(
      run(old, [init(0), http({}), initAnswer(0, '2025-03-26'), out({ method: 'notifications/initialized' }), http({ status: 202 })]),
    ).toEqual([]);
  });
});

describe('resource-uri-unstable', () => {
  const list = (l: Linter, id: number, resources: unknown[]) =>
    run(l, [out({ id, method: 'resources/list', params: {} }), inn({ id, result: { resources } })]);
  const session = () => {
    const l = new Linter();
    run(l, [init(0), initAnswer(0), out({ method: 'notifications/initialized' })]);
    return l;
  };

  it('makes no claim about names that repeat within a listing', () => {
    const l = session();
    list(l, 1, [
      { name: 'doc', uri: 'a://1' },
      { name: 'doc', uri: 'a://2' },
    ]);
    expect(
      list(l, 2, [
        { name: 'doc', uri: 'a://2' },
        { name: 'doc', uri: 'a://1' },
      ]),
    ).toEqual([]);
  });

  it('still reports a unique name whose URI changed', () => {
    const l = session();
    list(l, 1, [
      { name: 'doc', uri: 'a://1' },
      { name: 'log', uri: 'a://l' },
    ]);
    expect(
      list(l, 2, [
        { name: 'doc', uri: 'a://2' },
        { name: 'log', uri: 'a://l' },
      ]),
    ).toEqual(['resource-uri-unstable']);
  });
});
