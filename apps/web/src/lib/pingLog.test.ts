import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pingLogStore, sendPing } from './pingLog';

beforeEach(() => pingLogStore.set([]));

describe('sendPing', () => {
  it('records latency through the SDK, or errors, newest first', async () => {
    let t = 0;
    const now = () => (t += 5);
    const request = vi.fn().mockResolvedValueOnce({ callId: 'c', outcome: 'result', result: {}, latencyMs: 2 }).mockRejectedValueOnce(new Error('not connected'));
    const deps = { wb: { request }, api: { sendMessage: vi.fn() } };
    expect(await sendPing(deps, 's1', 'client: ping', false, now)).toMatchObject({ outcome: 'ok', latencyMs: 2, roundTripMs: 5 });
    expect(request).toHaveBeenCalledWith('s1', { method: 'ping', timeoutMs: 10_000 }, 'client: ping');
    await sendPing(deps, 's1', 'client: ping', false, now);
    expect(pingLogStore.getSnapshot().map((p) => p.outcome)).toEqual(['failed', 'ok']);
  });

  it('sends raw outside the SDK when asked, and reads a JSON-RPC error', async () => {
    const sendMessage = vi.fn().mockResolvedValue({ response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }, latencyMs: 3 });
    const rec = await sendPing({ wb: { request: vi.fn() }, api: { sendMessage } }, 's1', 'client: ping', true);
    expect(sendMessage).toHaveBeenCalledWith('s1', { message: { method: 'ping' }, timeoutMs: 10_000 }, 'client: ping');
    expect(rec).toMatchObject({ outcome: 'rpc-error', raw: true, latencyMs: 3, message: '-32601 Method not found' });
  });
});
