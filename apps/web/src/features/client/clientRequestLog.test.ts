import type { FrameEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { ClientRequestLog } from './clientRequestLog';

let seq = 0;
const frame = (dir: 'in' | 'out', msg: Record<string, unknown>): FrameEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq * 10,
  sessionId: 's1',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});

describe('ClientRequestLog', () => {
  it('pairs legacy server requests with the client answer', () => {
    const log = new ClientRequestLog();
    log.observe(frame('in', { id: 0, method: 'ping' }));
    log.observe(frame('in', { id: 1, method: 'elicitation/create', params: {} }));
    log.observe(frame('out', { id: 0, result: {} }));
    log.observe(frame('out', { id: 1, result: { action: 'accept', content: { name: 'x', age: 3 } } }));
    log.observe(frame('in', { id: 2, method: 'sampling/createMessage', params: {} }));
    log.observe(frame('out', { id: 2, error: { code: -1, message: 'User rejected sampling request' } }));
    expect(log.entries.map((e) => [e.method, e.id, e.answer])).toEqual([
      ['ping', '0', '{}'],
      ['elicitation/create', '1', 'accept {name, age}'],
      ['sampling/createMessage', '2', 'error -1 User rejected sampling request'],
    ]);
  });

  it('pairs 2026-07-28 input requests with the inputResponses of the retry', () => {
    const log = new ClientRequestLog();
    log.observe(frame('out', { id: 5, method: 'tools/call', params: { name: 'ask_llm' } }));
    log.observe(
      frame('in', {
        id: 5,
        result: {
          resultType: 'input_required',
          inputRequests: { answer: { method: 'sampling/createMessage', params: {} }, roots: { method: 'roots/list' } },
        },
      }),
    );
    expect(
      log.observe(
        frame('out', {
          id: 6,
          method: 'tools/call',
          params: {
            name: 'ask_llm',
            inputResponses: { answer: { model: 'm', content: { type: 'text', text: 'Paris' } }, roots: { roots: [] } },
          },
        }),
      ),
    ).toBe(true);
    expect(log.entries.map((e) => [e.method, e.id, e.via, e.answer])).toEqual([
      ['sampling/createMessage', 'answer', 'input_required', 'm: Paris'],
      ['roots/list', 'roots', 'input_required', '0 roots'],
    ]);
  });
});
