import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, LifecycleEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import { probeAnswer } from './era-reason.js';
import { quoteServerText } from '../events/server-text.js';
import { startGitMcpServer, startSessionServer, type SessionServer } from '../../test-fixtures/session-servers.js';

let engine: Engine | undefined;
let server: SessionServer | undefined;
afterEach(async () => {
  await engine?.closeAll();
  await server?.stop();
  engine = server = undefined;
});

const SPEC = '"Anything else identifies a legacy server"';

/** Connects to a session-fixture server answering server/discover as `probe` says. */
async function connectWithProbe(probe: string) {
  server = await startSessionServer({ FIXTURE_PROBE: probe });
  engine = new Engine();
  return engine.open({ transport: 'auto', url: server.url, headers: {} });
}

describe('era fallback on any non-answer to server/discover (2026-07-28/basic/versioning)', () => {
  it.each([
    ['500', 'server/discover answered HTTP 500 (JSON-RPC error -32603 ("Error in httpTransport:")) → legacy initialize', true],
    ['html', 'server/discover answered HTTP 200 with text/html, not JSON-RPC → legacy initialize', true],
    ['rpc-error', 'server/discover answered JSON-RPC error -32000 ("discover is not here") → legacy initialize', false],
    ['bad-result', 'server/discover answered with a result that is not a discover result → legacy initialize', false],
  ])('probe answered %s: legacy initialize, and why', async (probe, reason, probeFailed) => {
    const session = await connectWithProbe(probe);
    expect(session.info()).toMatchObject({ state: 'connected', era: 'legacy', transport: 'http', eraFallback: { reason, probeFailed } });
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    const events = session.events();
    const note = events.find((e): e is LifecycleEvent => e.type === 'lifecycle' && e.message?.startsWith(reason) === true);
    expect(note?.message).toContain(SPEC);
    const why = reason.replace(/ → .*$/, '');
    expect(note?.origin).toEqual({ by: 'mcpscope', reason: `era fallback: ${why}` });
    // The legacy handshake says why it was sent, right after the probe it explains.
    const out = events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out');
    expect(out.slice(0, 3).map((f) => [f.msg?.method, f.origin?.reason])).toEqual([
      ['server/discover', 'handshake'],
      ['initialize', `era fallback: ${why}`],
      ['notifications/initialized', `era fallback: ${why}`],
    ]);
  });

  it('git-mcp-server 2.15.3 (npm, pinned) answers the probe with HTTP 500 over HTTP: legacy, not a failed connect', {
    timeout: 60_000,
  }, async () => {
    const git = await startGitMcpServer();
    try {
      engine = new Engine();
      const session = await engine.open({ transport: 'auto', url: git.url, headers: {} });
      expect(session.info()).toMatchObject({ state: 'connected', era: 'legacy', transport: 'http' });
      expect(session.info().eraFallback).toEqual({
        reason: expect.stringMatching(/^server\/discover answered HTTP 500.* → legacy initialize$/),
        probeFailed: true,
      });
      const tools = await session.request('tools/list', {});
      expect(tools.outcome === 'result' && (tools.result.tools as unknown[]).length).toBeGreaterThan(20);
    } finally {
      await engine?.closeAll();
      await git.stop();
    }
  });

  it('--era legacy sends no probe and needs no reason', async () => {
    server = await startSessionServer({ FIXTURE_PROBE: '500' });
    engine = new Engine();
    const session = await engine.open({ transport: 'auto', url: server.url, headers: {}, era: 'legacy' });
    expect(session.info().eraFallback).toBeUndefined();
  });
});

describe('the reason is the server text quoted: one line, escaped, clipped', () => {
  it('escapes control, bidi and invisible characters, folds whitespace, clips', () => {
    expect(quoteServerText('a\nb\u001b[2J\u202e\u200bc')).toBe('a b\\u001b[2J\\u202e\\u200bc');
    expect(quoteServerText('x'.repeat(500), 20)).toBe(`${'x'.repeat(19)}…`);
    expect(quoteServerText('\ud800 lone')).toBe('\\ud800 lone');
  });

  it('a hostile JSON-RPC error message or HTTP body cannot add a line or a terminal sequence', () => {
    const at = { seq: 0, t: 0, sessionId: 's' };
    const probe = {
      ...at,
      seq: 1,
      type: 'frame' as const,
      dir: 'out' as const,
      size: 1,
      msg: { jsonrpc: '2.0', id: 'p', method: 'server/discover' },
    };
    const error = {
      ...at,
      seq: 2,
      type: 'frame' as const,
      dir: 'in' as const,
      size: 1,
      msg: { jsonrpc: '2.0', id: 'p', error: { code: -1, message: 'no\nmcpscope: all good\u001b]52;c;x\u0007' } },
    };
    expect(probeAnswer([probe, error])).toBe('server/discover answered JSON-RPC error -1 ("no mcpscope: all good\\u001b]52;c;x\\u0007")');
    const http = {
      ...at,
      seq: 2,
      type: 'http' as const,
      method: 'POST',
      url: 'http://x/mcp',
      status: 502,
      requestHeaders: { 'mcp-method': 'server/discover' },
      durationMs: 1,
      responseBody: `bad\r\ngateway ${'y'.repeat(300)}`,
    };
    const told = probeAnswer([probe, http])!;
    expect(told).toMatch(/^server\/discover answered HTTP 502: bad gateway y+…$/);
    expect(told).not.toMatch(/[\u0000-\u001f]/);
  });
});
