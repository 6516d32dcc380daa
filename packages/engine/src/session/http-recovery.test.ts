import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, HttpEvent, LifecycleEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { EngineError } from '../errors/errors.js';
import type { Session } from './session.js';
import { startSessionServer, type SessionServer } from '../../test-fixtures/session-servers.js';
import { waitUntil } from '../../test-fixtures/servers.js';

let engine: Engine | undefined;
let servers: SessionServer[] = [];
afterEach(async () => {
  await engine?.closeAll();
  await Promise.all(servers.map((s) => s.stop()));
  engine = undefined;
  servers = [];
});

/** Longer than any test runs: a request that fails only at its timeout fails the test. */
const NEVER = 600_000;

async function server(env: Record<string, string> = {}): Promise<SessionServer> {
  const s = await startSessionServer(env);
  servers.push(s);
  return s;
}

async function open(url: string): Promise<Session> {
  engine = new Engine();
  return engine.open({ transport: 'http', url, headers: {} });
}

const frames = (events: readonly SessionEvent[]): FrameEvent[] => events.filter((e): e is FrameEvent => e.type === 'frame');
const https = (events: readonly SessionEvent[]): HttpEvent[] => events.filter((e): e is HttpEvent => e.type === 'http');
const boundaries = (events: readonly SessionEvent[]): LifecycleEvent[] =>
  events.filter((e): e is LifecycleEvent => e.type === 'lifecycle' && e.state === 'new-session');
const failureOf = (p: Promise<unknown>): Promise<EngineError> =>
  p.then(
    () => Promise.reject(new Error('expected a failure')),
    (err: EngineError) => err,
  );

describe('an HTTP session the server forgets (2025-11-25 session management)', () => {
  it('a server restarted between two calls: the call that got 404 fails at once with its answer, a new session starts, the next call works', async () => {
    let s = await server({ FIXTURE_GET: '405' });
    const session = await open(s.url);
    const first = session.info().mcpSessionId;
    expect(session.info()).toMatchObject({ state: 'connected', era: 'legacy' });
    await session.setLogLevel('info');
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    s = await s.restart();
    servers.push(s);

    const err = await failureOf(session.request('tools/list', {}, { timeoutMs: NEVER }));
    expect(err.code).toBe('ENGINE_SESSION_EXPIRED');
    expect(err.message).toContain('HTTP 404 (JSON-RPC error -32001 ("Session not found"))');
    expect(err.message).toContain(`MCP-Session-Id ${first}`);
    expect(err.message).toContain('does not resend tools/list');

    await waitUntil(() => session.info().state === 'connected' && session.info().reinitialized !== undefined, 'the new session');
    const info = session.info();
    expect(info.mcpSessionId).toBeTruthy();
    expect(info.mcpSessionId).not.toBe(first);
    expect(info.reinitialized).toMatchObject({ count: 1, reason: expect.stringContaining('answered HTTP 404') });
    // The old session's log level died with it.
    expect(info.logLevel).toBeUndefined();
    const echoed = await session.request('tools/call', { name: 'echo', arguments: { message: 'again' } }, { timeoutMs: NEVER });
    expect(echoed).toMatchObject({ outcome: 'result', result: { content: [{ type: 'text', text: 'again' }] } });

    const events = session.events();
    const [boundary] = boundaries(events);
    expect(boundary).toMatchObject({
      phase: 'state',
      origin: { by: 'mcpscope', reason: 'new session: the server forgot the old one (HTTP 404)' },
    });
    expect(boundary!.message).toContain('MUST start a new session');
    expect(boundary!.message).toContain('the log level (info)');
    const after = frames(events).filter((f) => f.seq > boundary!.seq && f.dir === 'out');
    expect(after.slice(0, 2).map((f) => [f.msg?.method, f.origin?.reason])).toEqual([
      ['initialize', 'new session: the server forgot the old one (HTTP 404)'],
      ['notifications/initialized', 'new session: the server forgot the old one (HTTP 404)'],
    ]);
    // The new initialize carries no session id; the failed tools/list was neither resent nor cancelled.
    const initPost = https(events).find((h) => h.seq > boundary!.seq && h.method === 'POST');
    expect(initPost?.requestHeaders['mcp-session-id']).toBeUndefined();
    expect(frames(events).filter((f) => f.msg?.method === 'tools/list' && f.dir === 'out')).toHaveLength(2);
    expect(frames(events).some((f) => f.msg?.method === 'notifications/cancelled')).toBe(false);
    expect(https(events).some((h) => h.method === 'DELETE')).toBe(false);
  });

  it('a server that forgets its sessions while it runs: the event stream reopens to a 404 and a new session starts before any call', async () => {
    const s = await server();
    const session = await open(s.url);
    const first = session.info().mcpSessionId;
    await waitUntil(() => https(session.events()).some((h) => h.method === 'GET' && h.status === 200), 'the event stream');
    await s.forget();
    await waitUntil(() => session.info().reinitialized !== undefined && session.info().state === 'connected', 'the new session', 10_000);
    expect(session.info().mcpSessionId).not.toBe(first);
    const reopened = https(session.events()).find((h) => h.method === 'GET' && h.status === 404);
    expect(reopened?.requestHeaders['mcp-session-id']).toBe(first);
    expect((await session.request('tools/list', {}, { timeoutMs: NEVER })).outcome).toBe('result');
  });

  it('a server down for a while (killed, restarted later): the session is connecting meanwhile, then starts a new one', async () => {
    let s = await server();
    const session = await open(s.url);
    const first = session.info().mcpSessionId;
    await waitUntil(() => https(session.events()).some((h) => h.method === 'GET' && h.status === 200), 'the event stream');
    await s.kill();
    await waitUntil(() => session.info().state === 'connecting', 'the outage', 10_000);
    const note = session.events().find((e) => e.type === 'lifecycle' && e.message?.startsWith('the server is not answering'));
    expect(note?.type === 'lifecycle' && note.message).toContain(`connection refused at ${s.url}`);
    expect(session.info().error).toBeUndefined();
    expect(session.info().unreachable?.reason).toBe(`connection refused at ${s.url}`);
    s = await s.restart();
    servers.push(s);
    await waitUntil(() => session.info().state === 'connected' && session.info().reinitialized !== undefined, 'the new session', 20_000);
    expect(session.info().unreachable).toBeUndefined();
    expect(session.info().mcpSessionId).not.toBe(first);
    expect((await session.request('tools/list', {}, { timeoutMs: NEVER })).outcome).toBe('result');
  });

  it('a server that forgets the new session too before answering anything is given up on: the session is lost', async () => {
    const s = await server({ FIXTURE_GET: '405' });
    const session = await open(s.url);
    await s.forget();
    await failureOf(session.request('tools/list', {}, { timeoutMs: NEVER }));
    await waitUntil(() => session.info().reinitialized !== undefined && session.info().state === 'connected', 'the new session');
    await s.forget();
    const err = await failureOf(session.request('tools/list', {}, { timeoutMs: NEVER }));
    expect(err.code).toBe('ENGINE_SESSION_EXPIRED');
    expect(session.info().state).toBe('closed');
    expect(session.info().error).toMatchObject({
      code: 'ENGINE_SESSION_EXPIRED',
      message: expect.stringContaining('forgot the new session too'),
    });
    expect(boundaries(session.events())).toHaveLength(1);
  });
});

describe('an HTTP server killed during a call', () => {
  // No standalone event stream (405): what ends the call is its own response stream.
  it.each([
    ['a resumable stream (the SDK reopens it and is refused)', { FIXTURE_RESUMABLE: '1', FIXTURE_GET: '405' }],
    ['a stream that cannot be resumed (a TCP connect finds nothing there)', { FIXTURE_GET: '405' }],
  ])('%s: the call fails with connection refused, the session is lost with the reason', async (_, env) => {
    const s = await server(env);
    const session = await open(s.url);
    const call = failureOf(session.request('tools/call', { name: 'wait', arguments: { ms: NEVER } }, { timeoutMs: NEVER }));
    await waitUntil(() => s.stderr().includes('waiting'), 'the tool to start');
    await s.kill();
    const err = await call;
    const why = `the server closed the connection (connection refused at ${s.url})`;
    expect(err.code).toBe('ENGINE_CONNECTION_LOST');
    expect(err.message).toBe(`tools/call: ${why}`);
    expect(session.info().state).toBe('closed');
    expect(session.info().error).toEqual({ code: 'ENGINE_CONNECTION_LOST', message: why });
    const disconnect = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'disconnect');
    expect(disconnect).toMatchObject({ message: why });
    // Nothing more went to a server that is gone: no cancel, no DELETE.
    expect(frames(session.events()).some((f) => f.msg?.method === 'notifications/cancelled')).toBe(false);
    expect(https(session.events()).some((h) => h.method === 'DELETE')).toBe(false);
  });

  it('on 2026-07-28 (stateless, no session to expire) too', async () => {
    const s = await server({ FIXTURE_ERA: 'dual' });
    const session = await open(s.url);
    expect(session.info()).toMatchObject({ era: 'modern', mcpSessionId: undefined });
    const call = failureOf(session.request('tools/call', { name: 'wait', arguments: { ms: NEVER } }, { timeoutMs: NEVER }));
    await waitUntil(() => s.stderr().includes('waiting'), 'the tool to start');
    await s.kill();
    const err = await call;
    expect(err.code).toBe('ENGINE_CONNECTION_LOST');
    expect(err.message).toContain(`connection refused at ${s.url}`);
    expect(session.info().state).toBe('closed');
  });

  it('a server that closes the stream on its way out (its port still open a moment): the session is lost, not the call alone', async () => {
    const s = await server();
    const session = await open(s.url);
    const call = failureOf(session.request('tools/call', { name: 'wait', arguments: { ms: NEVER } }, { timeoutMs: NEVER }));
    await waitUntil(() => s.stderr().includes('waiting'), 'the tool to start');
    // The stream ends while the server still listens; the process is gone well before the check is repeated.
    await s.forget();
    await s.kill();
    const err = await call;
    expect(err.message).toBe(`tools/call: the server closed the connection (connection refused at ${s.url})`);
    expect(session.info().state).toBe('closed');
  });

  it('a server that ends the stream without answering but still runs: that call fails at once', async () => {
    const s = await server();
    const session = await open(s.url);
    const call = failureOf(session.request('tools/call', { name: 'wait', arguments: { ms: NEVER } }, { timeoutMs: NEVER }));
    await waitUntil(() => s.stderr().includes('waiting'), 'the tool to start');
    await s.forget();
    const err = await call;
    expect(err.code).toBe('ENGINE_CONNECTION_LOST');
    expect(err.message).toContain('ended the response stream without an answer');
  });
});

describe('a 2026-07-28 server restarted between two calls', () => {
  it('has no session to renew: the next call simply works', async () => {
    let s = await server({ FIXTURE_ERA: 'dual' });
    const session = await open(s.url);
    expect(session.info()).toMatchObject({ era: 'modern', mcpSessionId: undefined });
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    s = await s.restart();
    servers.push(s);
    expect((await session.request('tools/list', {}, { timeoutMs: NEVER })).outcome).toBe('result');
    expect(session.info().state).toBe('connected');
    expect(boundaries(session.events())).toHaveLength(0);
  });
});
