import { describe, expect, it, vi } from 'vitest';
import {
  AppMessageBatcher,
  MAX_APP_MESSAGES_PER_POST,
  OVERSIZED_MESSAGE_PREFIX,
  createAppMessagesApi,
  type AppMessagesBody,
} from './appMessagesApi';

function batcher(post: (sid: string, body: AppMessagesBody) => Promise<void>, onError?: (err: unknown) => void) {
  return new AppMessageBatcher({ post, sessionId: 's 1', view: 'v1', uri: 'ui://a', onError });
}

describe('AppMessageBatcher', () => {
  it('sends what was queued in one tick as one POST, in order, one POST at a time', async () => {
    const bodies: AppMessagesBody[] = [];
    let release!: () => void;
    const post = vi.fn((_sid: string, body: AppMessagesBody) => {
      bodies.push(body);
      return bodies.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    });
    const b = batcher(post);
    b.push('in', { id: 1 });
    b.push('out', { id: 2 });
    await Promise.resolve();
    expect(bodies).toEqual([
      {
        view: 'v1',
        uri: 'ui://a',
        messages: [
          { dir: 'in', msg: { id: 1 } },
          { dir: 'out', msg: { id: 2 } },
        ],
      },
    ]);
    b.push('in', { id: 3 }); // waits for the POST in flight
    await Promise.resolve();
    expect(post).toHaveBeenCalledTimes(1);
    release();
    await b.drain();
    expect(bodies.map((x) => x.messages.map((m) => (m.msg as { id: number }).id))).toEqual([[1, 2], [3]]);
  });

  it('splits at 500 messages per POST', async () => {
    const sizes: number[] = [];
    const b = batcher(async (_sid, body) => void sizes.push(body.messages.length));
    for (let i = 0; i < 1201; i++) b.push('in', { i });
    await b.drain();
    expect(sizes).toEqual([MAX_APP_MESSAGES_PER_POST, MAX_APP_MESSAGES_PER_POST, 201]);
  });

  it('reports the first failure only and keeps sending', async () => {
    const onError = vi.fn();
    const post = vi.fn(async () => {
      throw new Error('HTTP 409');
    });
    const b = batcher(post, onError);
    b.push('in', { a: 1 });
    await b.drain();
    b.push('in', { a: 2 });
    await b.drain();
    expect(post).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('records a message too large for a POST as the start of its text', async () => {
    const bodies: AppMessagesBody[] = [];
    const b = batcher(async (_sid, body) => void bodies.push(body));
    b.push('out', { html: 'x'.repeat(4 * 1024 * 1024) });
    await b.drain();
    const msg = bodies[0].messages[0].msg;
    expect(typeof msg).toBe('string');
    expect((msg as string).length).toBe(OVERSIZED_MESSAGE_PREFIX);
  });

  it('posts to the session route', async () => {
    const call = vi.fn(async () => undefined);
    await createAppMessagesApi({ call: call as never }).post('s 1', { view: 'v1', uri: 'ui://a', messages: [{ dir: 'in', msg: {} }] });
    expect(call).toHaveBeenCalledWith('POST', '/api/sessions/s%201/app-messages', null, {
      view: 'v1',
      uri: 'ui://a',
      messages: [{ dir: 'in', msg: {} }],
    });
  });
});
