import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { demoStdioEntry } from '@mcpscope/demo-server';
import type { SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { serveMockHttp, type MockHttpServer } from './serve.js';

let engine: Engine | undefined;
let mock: MockHttpServer | undefined;
afterEach(async () => {
  await engine?.closeAll();
  await mock?.close();
});

async function recordDemoSession(): Promise<SessionEvent[]> {
  engine = new Engine({ stopGraceMs: 200 });
  const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {} });
  await session.send({ method: 'tools/list', params: {} });
  await session.send({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'recorded hello' } } });
  await session.send({ method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } });
  await engine.close(session.id);
  return [...session.events()];
}

describe('mcpscope mock (a trace served as an MCP server)', () => {
  it('answers the SDK client with the recorded answers, in both eras', async () => {
    const events = await recordDemoSession();
    mock = await serveMockHttp(events);
    for (const mode of ['auto', 'legacy'] as const) {
      const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(new URL(mock.url)));
      expect(client.getServerVersion()?.name).toBe('mcpscope-demo-server');
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('echo');
      const echo = await client.callTool({ name: 'echo', arguments: { message: 'recorded hello' } });
      expect(JSON.stringify(echo.content)).toContain('recorded hello');
      await client.close();
    }
  });

  it('names the closest recorded request when a request was not recorded', async () => {
    const events = await recordDemoSession();
    mock = await serveMockHttp(events);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mock.url)));
    const err = await client.callTool({ name: 'add', arguments: { a: 2, b: 4 } }).catch((e) => e);
    expect(err.code).toBe(-32602);
    expect(err.message).toContain('closest recorded request is tools/call');
    expect(err.message).toContain('"b":3');
    const missing = await client.request({ method: 'prompts/list', params: {} }).catch((e) => e);
    expect(missing.code).toBe(-32601);
    // No other method's params as a "closest": what the trace can answer (the handshake is the SDK's).
    expect(missing.message).toBe('mcpscope mock: the trace recorded no prompts/list. It can answer tools/list, tools/call.');
    await client.close();
  });
});
