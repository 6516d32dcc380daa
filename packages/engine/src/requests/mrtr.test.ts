import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernHttpServer, type ModernHttpServer } from '../../test-fixtures/modern-http-server.js';
import { Engine } from '../session/engine.js';
import type { EngineMessage, PendingServerRequest } from '../session/types.js';

/**
 * SEP-2322 multi-round-trip requests (2026-07-28/basic/patterns/mrtr), client side, against a
 * real HTTP server: the retry echoes `requestState` byte for byte on a new JSON-RPC id, carries
 * `inputResponses` for this request only, omits `requestState` when none was given, and a
 * result without `resultType` is complete (no retry).
 */
const STATE = '{"nonce":"n-1","originalId":7} opaque; do not parse';
let server: ModernHttpServer;
let engine: Engine;

beforeAll(async () => {
  server = await startModernHttpServer({ tools: {} }, (req) => {
    const { name, inputResponses } = req.params as { name?: string; inputResponses?: unknown };
    const ask = {
      confirm: {
        method: 'elicitation/create',
        params: { message: 'Confirm?', requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } } },
      },
    };
    if ((name === 'with-state' || name === 'without-state') && inputResponses === undefined) {
      return { resultType: 'input_required', inputRequests: ask, ...(name === 'with-state' ? { requestState: STATE } : {}) };
    }
    if (name === 'no-result-type') return { resultType: undefined, content: [{ type: 'text', text: 'done' }] };
    return { content: [{ type: 'text', text: `${name} ok` }] };
  });
});
afterAll(() => server.stop());
afterEach(async () => {
  server.requests.length = 0;
  await engine?.closeAll();
});

function answerElicitations(e: Engine, answered: PendingServerRequest[]): void {
  e.subscribe((m: EngineMessage) => {
    if (m.type !== 'server-request') return;
    answered.push(m.request);
    const session = e.get(m.request.sessionId)!;
    // While this call waits for its input, an unrelated call goes out on the same session.
    void session
      .request('tools/call', { name: 'unrelated', arguments: {} })
      .then(() => session.answer(m.request.requestId, { result: { action: 'accept', content: { confirmed: true } } }));
  });
}

const calls = (name: string) =>
  server.requests
    .filter((r) => r.method === 'tools/call' && (r.params as { name?: string }).name === name)
    .map((r) => r.params as Record<string, unknown> & { _meta?: unknown });

describe('MRTR (SEP-2322) on a 2026-07-28 session', () => {
  it('echoes requestState verbatim on a new id, and keeps inputResponses and requestState to the request they belong to', async () => {
    engine = new Engine();
    const answered: PendingServerRequest[] = [];
    answerElicitations(engine, answered);
    const session = await engine.open({ transport: 'http', url: server.url, headers: {} });
    const out = await session.request('tools/call', { name: 'with-state', arguments: {} });
    expect(out.outcome).toBe('result');
    expect(answered.map((r) => r.method)).toEqual(['elicitation/create']);
    const [first, retry] = calls('with-state');
    expect(first.requestState).toBeUndefined();
    expect(retry.requestState).toBe(STATE);
    expect(retry.inputResponses).toEqual({ confirm: { action: 'accept', content: { confirmed: true } } });
    const ids = session
      .events()
      .filter(
        (e) =>
          e.type === 'frame' &&
          e.dir === 'out' &&
          e.msg?.method === 'tools/call' &&
          (e.msg.params as { name?: string }).name === 'with-state',
      )
      .map((e) => (e.type === 'frame' ? e.msg?.id : undefined));
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    const [unrelated] = calls('unrelated');
    expect(unrelated).not.toHaveProperty('inputResponses');
    expect(unrelated).not.toHaveProperty('requestState');
  });

  it('sends no requestState when the server gave none; a result without resultType is complete', async () => {
    engine = new Engine();
    answerElicitations(engine, []);
    const session = await engine.open({ transport: 'http', url: server.url, headers: {} });
    await session.request('tools/call', { name: 'without-state', arguments: {} });
    const [, retry] = calls('without-state');
    expect(retry.inputResponses).toBeDefined();
    expect(retry).not.toHaveProperty('requestState');
    const done = await session.request('tools/call', { name: 'no-result-type', arguments: {} });
    expect(done.outcome).toBe('result');
    expect(calls('no-result-type')).toHaveLength(1);
  });
});
