import type { FrameEvent } from '@mcpscope/protocol';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../lib/sessionLog';
import { describeOrigin, findRequestOrigin } from './correlate';

let seq = 0;
const frame = (dir: 'in' | 'out', msg: Record<string, unknown>): FrameEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's1',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});

function logOf(frames: FrameEvent[]): SessionLog {
  const log = new SessionLog('s1');
  for (const f of frames) log.append(f);
  return log;
}

const ask = { answer: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } };

describe('findRequestOrigin', () => {
  it('finds the tools/call whose input_required result carried the question, and its round', () => {
    seq = 0;
    const log = logOf([
      frame('out', { id: 1, method: 'tools/list' }),
      frame('in', { id: 1, result: { tools: [] } }),
      frame('out', { id: 2, method: 'tools/call', params: { name: 'ask_llm', arguments: { question: 'hi' } } }),
      frame('in', { id: 2, result: { resultType: 'input_required', inputRequests: ask } }),
    ]);
    const origin = findRequestOrigin(log, { requestId: 'input:1:answer', inputKey: 'answer', method: 'sampling/createMessage' });
    expect(origin).toEqual({ label: 'tools/call ask_llm', round: 1, requestSeq: 3, questionSeq: 4, mode: 'input_required' });
    expect(describeOrigin(origin)).toBe('part of tools/call ask_llm, round 1');

    // The server asks again after the retry: round 2.
    log.append(frame('out', { id: 3, method: 'tools/call', params: { name: 'ask_llm', inputResponses: { answer: {} } } }));
    log.append(frame('in', { id: 3, result: { resultType: 'input_required', inputRequests: ask, requestState: 'x' } }));
    expect(findRequestOrigin(log, { requestId: 's:answer', method: 'sampling/createMessage' })).toMatchObject({
      round: 2,
      requestSeq: 5,
      questionSeq: 6,
    });
  });

  it('finds the request a legacy server request was nested in', () => {
    seq = 0;
    const log = logOf([
      frame('out', { id: 1, method: 'tools/call', params: { name: 'echo' } }),
      frame('in', { id: 1, result: {} }),
      frame('out', { id: 2, method: 'tools/call', params: { name: 'trigger-sampling-request' } }),
      frame('in', { id: 0, method: 'sampling/createMessage', params: {} }),
    ]);
    const origin = findRequestOrigin(log, { requestId: 'n:0', method: 'sampling/createMessage' });
    expect(origin).toEqual({ label: 'tools/call trigger-sampling-request', requestSeq: 3, questionSeq: 4, mode: 'nested' });
    expect(describeOrigin(origin)).toBe('sent while tools/call trigger-sampling-request was running');
    expect(findRequestOrigin(log, { requestId: 'n:9', method: 'sampling/createMessage' })).toBeNull();
    expect(findRequestOrigin(undefined, { requestId: 'n:0', method: 'x' })).toBeNull();
  });
});
