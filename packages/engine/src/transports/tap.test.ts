import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { TappedTransport, type InnerTransport, type TapSink } from './tap.js';

function sink(): TapSink & { sizes: number[] } {
  const sizes: number[] = [];
  return { sizes, frame: (_dir, _msg, size) => void sizes.push(size), refusedLine: () => undefined };
}

const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'héllo ✓' } } } as JSONRPCMessage;

describe('TappedTransport.send', () => {
  it('serializes an outgoing message once: the frame size is the bytes of the line the transport writes', async () => {
    const written: string[] = [];
    const inner: InnerTransport = {
      start: async () => undefined,
      close: async () => undefined,
      send: async () => {
        throw new Error('send() would serialize again');
      },
      sendText: async (text) => void written.push(text),
    };
    const s = sink();
    await new TappedTransport(inner, s).send(message);
    expect(written).toEqual([JSON.stringify(message)]);
    expect(s.sizes).toEqual([Buffer.byteLength(written[0]!, 'utf8')]);
  });

  it('hands the message itself to a transport that serializes on its own (HTTP)', async () => {
    const sent: unknown[] = [];
    const inner: InnerTransport = { start: async () => undefined, close: async () => undefined, send: async (m) => void sent.push(m) };
    const s = sink();
    await new TappedTransport(inner, s).send(message);
    expect(sent).toEqual([message]);
    expect(s.sizes).toEqual([Buffer.byteLength(JSON.stringify(message), 'utf8')]);
  });

  it('keeps an outgoing frame as it was sent when the sender changes its object afterwards', async () => {
    const frames: unknown[] = [];
    const s: TapSink = { frame: (_dir, msg) => void frames.push(msg), refusedLine: () => undefined };
    const inner: InnerTransport = {
      start: async () => undefined,
      close: async () => undefined,
      send: async () => undefined,
      sendText: async () => undefined,
    };
    const shared = { name: 'mcpscope', version: '1' };
    const sent = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', _meta: { clientInfo: shared } } } as JSONRPCMessage;
    await new TappedTransport(inner, s).send(sent);
    const params = (sent as { params: Record<string, unknown> }).params;
    (params._meta as Record<string, unknown>).progressToken = 2;
    params.name = 'changed';
    expect(frames).toEqual([{ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', _meta: { clientInfo: shared } } }]);
    // Values below `_meta` are shared, not copied.
    expect((frames[0] as { params: { _meta: { clientInfo: unknown } } }).params._meta.clientInfo).toBe(shared);
  });
});
