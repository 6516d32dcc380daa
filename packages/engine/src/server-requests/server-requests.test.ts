import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import type { EngineMessage, PendingServerRequest } from '../session/types.js';
import { everythingEntry } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

function nextServerRequest(e: Engine): Promise<PendingServerRequest> {
  return new Promise((resolve) => {
    const stop = e.subscribe((m: EngineMessage) => {
      if (m.type !== 'server-request') return;
      stop();
      resolve(m.request);
    });
  });
}

describe('server→client requests', () => {
  it('holds a sampling request until it is answered, then the tool completes with that answer', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} });
    const asked = nextServerRequest(engine);
    const call = session.send({
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 10 } },
    });
    const request = await asked;
    expect(request.method).toBe('sampling/createMessage');
    expect(engine.pendingServerRequests()).toHaveLength(1);
    expect(engine.backlog().some((m) => m.type === 'server-request')).toBe(true);
    const answered = session.answer(request.requestId, {
      result: { role: 'assistant', model: 'human', content: { type: 'text', text: 'hi from a person' } },
    });
    expect(answered).toBe(true);
    const reply = await call;
    expect(JSON.stringify(reply.response)).toContain('hi from a person');
    expect(engine.pendingServerRequests()).toHaveLength(0);
    expect(session.answer(request.requestId, { result: {} })).toBe(false);
  });

  it('sends an error answer back to the server as a JSON-RPC error', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} });
    const asked = nextServerRequest(engine);
    const call = session.send({
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: 'x', maxTokens: 5 } },
    });
    session.answer((await asked).requestId, { error: { code: -1, message: 'User rejected sampling request' } });
    await call;
    const errorFrame = session.events().find((e) => e.type === 'frame' && e.dir === 'out' && e.pair?.method === 'sampling/createMessage');
    expect(errorFrame && errorFrame.type === 'frame' && errorFrame.msg?.error).toMatchObject({
      code: -1,
      message: 'User rejected sampling request',
    });
  });
});
