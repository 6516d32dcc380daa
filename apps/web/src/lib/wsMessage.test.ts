import { describe, expect, it } from 'vitest';
import { parseWsFrame, parseWsMessage } from './wsMessage';

const frame = { type: 'frame', sessionId: 's1', seq: 1, t: 0, dir: 'out', size: 10, msg: { jsonrpc: '2.0', id: 1, method: 'ping' } };

describe('parseWsMessage', () => {
  it('accepts every message type of the wire contract', () => {
    const session = { id: 's1', name: 'n', state: 'connected', transport: 'stdio', target: 't', createdAt: 1 };
    const messages = [
      { type: 'hello', wireVersion: 1, sessions: [session] },
      { type: 'ready' },
      { type: 'session', session },
      { type: 'session-removed', sessionId: 's1' },
      { type: 'server-request', request: { sessionId: 's1', requestId: 'n:1', method: 'roots/list', params: {}, receivedAt: 1 } },
      { type: 'server-request-done', sessionId: 's1', requestId: 'n:1' },
      frame,
      { type: 'frame', sessionId: 's1', seq: 2, t: 1, dir: 'in', size: 4, raw: 'oops' },
      { type: 'stderr', sessionId: 's1', seq: 3, t: 1, text: 'x' },
      { type: 'lifecycle', sessionId: 's1', seq: 4, t: 1, phase: 'exit', code: 0 },
      { type: 'gap', sessionId: 's1', fromSeq: 5, toSeq: 9, events: 5, frames: 4, notifications: 3, logs: 2 },
    ];
    for (const m of messages) expect(parseWsMessage(JSON.stringify(m))).toMatchObject({ ok: true });
  });

  it.each([
    ['not json', '{'],
    ['unknown type', { type: 'nope' }],
    ['frame without seq', { ...frame, seq: undefined }],
    ['frame with a bad dir', { ...frame, dir: 'sideways' }],
    ['frame whose msg is an array', { ...frame, msg: [] }],
    ['stderr without sessionId', { type: 'stderr', seq: 1, t: 1, text: 'x' }],
    ['session without id', { type: 'session', session: { name: 'x' } }],
    [
      'a gap that ends before it starts',
      { type: 'gap', sessionId: 's1', fromSeq: 9, toSeq: 5, events: 1, frames: 0, notifications: 0, logs: 0 },
    ],
    [
      'a gap with more frames than events',
      { type: 'gap', sessionId: 's1', fromSeq: 1, toSeq: 5, events: 2, frames: 3, notifications: 0, logs: 0 },
    ],
    [
      'a gap with more events than seqs',
      { type: 'gap', sessionId: 's1', fromSeq: 1, toSeq: 5, events: 6, frames: 0, notifications: 0, logs: 0 },
    ],
    [
      'a gap with more logs than notifications',
      { type: 'gap', sessionId: 's1', fromSeq: 1, toSeq: 5, events: 5, frames: 5, notifications: 1, logs: 2 },
    ],
  ])('rejects %s', (_name, value) => {
    const parsed = parseWsMessage(typeof value === 'string' ? value : JSON.stringify(value));
    expect(parsed.ok).toBe(false);
  });
});

describe('parseWsFrame', () => {
  it('takes a lone message or a batch, in order', () => {
    expect(parseWsFrame(JSON.stringify(frame))).toEqual({ messages: [frame], errors: [] });
    const batch = { type: 'batch', messages: [{ type: 'ready' }, frame, { ...frame, seq: 2 }] };
    expect(parseWsFrame(JSON.stringify(batch))).toEqual({ messages: batch.messages, errors: [] });
  });

  it('takes a compact row (compact: true) and refuses any other flag', () => {
    const row = { ...frame, compact: true };
    expect(parseWsFrame(JSON.stringify(row))).toEqual({ messages: [row], errors: [] });
    expect(parseWsFrame(JSON.stringify({ ...frame, compact: 'yes' })).errors).toHaveLength(1);
  });

  it('drops only the invalid elements of a batch, with a reason for each', () => {
    const batch = {
      type: 'batch',
      messages: [frame, { ...frame, seq: 'x' }, { type: 'nope' }, { type: 'batch', messages: [] }, { ...frame, seq: 3 }],
    };
    const parsed = parseWsFrame(JSON.stringify(batch));
    expect(parsed.messages.map((m) => (m as { seq: number }).seq)).toEqual([1, 3]);
    expect(parsed.errors).toHaveLength(3);
  });

  it.each([
    ['not json', '{'],
    ['a batch without messages', JSON.stringify({ type: 'batch' })],
    ['a batch whose messages is not an array', JSON.stringify({ type: 'batch', messages: { 0: frame } })],
  ])('rejects %s', (_name, text) => {
    const parsed = parseWsFrame(text);
    expect(parsed.messages).toEqual([]);
    expect(parsed.errors).toHaveLength(1);
  });
});
