import { describe, expect, it, vi } from 'vitest';
import { EventStore } from './eventStore';
import { pingLogSlot, sendPing } from './pingLog';
import { connectedSession } from './testWorkbench';

function storeWithSession() {
  const store = new EventStore((fn) => fn());
  store.upsertSession(connectedSession());
  return store;
}

describe('sendPing', () => {
  it('records latency through the SDK, or errors, newest first, in the session it pinged', async () => {
    let t = 0;
    const now = () => (t += 5);
    const store = storeWithSession();
    const request = vi
      .fn()
      .mockResolvedValueOnce({ callId: 'c', outcome: 'result', result: {}, latencyMs: 2 })
      .mockRejectedValueOnce(new Error('not connected'));
    const deps = { wb: { request }, api: { sendMessage: vi.fn() }, store };
    expect(await sendPing(deps, 's1', 'client: ping', false, now)).toMatchObject({ outcome: 'ok', latencyMs: 2, roundTripMs: 5 });
    expect(request).toHaveBeenCalledWith('s1', { method: 'ping', timeoutMs: 10_000 }, 'client: ping');
    await sendPing(deps, 's1', 'client: ping', false, now);
    expect(
      store
        .session('s1')!
        .get(pingLogSlot)
        .map((p) => p.outcome),
    ).toEqual(['failed', 'ok']);
  });

  it('sends raw outside the SDK when asked, and reads a JSON-RPC error', async () => {
    const sendMessage = vi
      .fn()
      .mockResolvedValue({ response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }, latencyMs: 3 });
    const rec = await sendPing({ wb: { request: vi.fn() }, api: { sendMessage }, store: storeWithSession() }, 's1', 'client: ping', true);
    expect(sendMessage).toHaveBeenCalledWith('s1', { message: { method: 'ping' }, timeoutMs: 10_000 }, 'client: ping');
    expect(rec).toMatchObject({ outcome: 'rpc-error', raw: true, latencyMs: 3, message: '-32601 Method not found' });
  });

  it('keeps nothing for a session removed while its ping was out', async () => {
    const store = storeWithSession();
    let answer: (v: { callId: string; outcome: 'result'; result: Record<string, unknown>; latencyMs: number }) => void = () => undefined;
    const request = vi.fn(
      () =>
        new Promise<{ callId: string; outcome: 'result'; result: Record<string, unknown>; latencyMs: number }>(
          (resolve) => (answer = resolve),
        ),
    );
    const sent = sendPing({ wb: { request }, api: { sendMessage: vi.fn() }, store }, 's1', 'client: ping');
    store.removeSession('s1');
    answer({ callId: 'c', outcome: 'result', result: {}, latencyMs: 1 });
    await sent;
    expect(store.session('s1')).toBeUndefined();
  });
});
