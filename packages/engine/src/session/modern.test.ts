import { afterEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import type { FrameEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

describe('2026-07-28 (modern) era', () => {
  it('negotiates with server/discover and sends the per-request _meta envelope', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {} });
    expect(session.info()).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', state: 'connected' });
    expect(session.info().serverCapabilities?.tools).toBeDefined();
    const out = session.events().filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out');
    expect(out[0].msg?.method).toBe('server/discover');
    expect(out.some((f) => f.msg?.method === 'initialize')).toBe(false);

    const reply = await session.send({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'modern hello' } } });
    expect(JSON.stringify(reply.response?.result)).toContain('modern hello');
    const call = session
      .events()
      .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out')
      .pop()!;
    const meta = (call.msg?.params as { _meta: Record<string, unknown> })._meta;
    expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });
});
