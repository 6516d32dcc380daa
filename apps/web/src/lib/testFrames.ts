import type { FrameEvent } from '@mcpscope/protocol';

/** Builders for frames in tests and the synthetic load generator. */
export function request(seq: number, id: number, method: string, t = seq, sessionId = 's1'): FrameEvent {
  const msg = { jsonrpc: '2.0', id, method, params: {} };
  return { type: 'frame', seq, t, sessionId, dir: 'out', msg, size: JSON.stringify(msg).length };
}

export function response(
  seq: number,
  id: number,
  t = seq,
  sessionId = 's1',
  withPair?: { requestSeq: number; method: string; latencyMs: number },
): FrameEvent {
  const msg = { jsonrpc: '2.0', id, result: {} };
  return { type: 'frame', seq, t, sessionId, dir: 'in', msg, size: JSON.stringify(msg).length, ...(withPair ? { pair: withPair } : {}) };
}

export function notification(seq: number, method: string, dir: 'in' | 'out' = 'in', sessionId = 's1'): FrameEvent {
  const msg = { jsonrpc: '2.0', method, params: { level: 'info', data: `message ${seq}` } };
  return { type: 'frame', seq, t: seq, sessionId, dir, msg, size: JSON.stringify(msg).length };
}

export function rawFrame(seq: number, raw: string, sessionId = 's1'): FrameEvent {
  return {
    type: 'frame',
    seq,
    t: seq,
    sessionId,
    dir: 'in',
    raw,
    size: raw.length,
    findings: [{ rule: 'stdio-non-json-stdout', severity: 'error', message: 'not JSON' }],
  };
}

/** `n` frames: request/response pairs of a few methods, some notifications, the odd raw line. */
export function syntheticFrames(n: number, sessionId = 's1', startSeq = 1): FrameEvent[] {
  const methods = ['tools/call', 'tools/list', 'resources/read', 'prompts/get', 'ping'];
  const out: FrameEvent[] = [];
  let seq = startSeq;
  let id = 1;
  while (out.length < n) {
    const k = out.length % 10;
    if (k === 9) out.push(notification(seq++, 'notifications/message', 'in', sessionId));
    else if (k === 8 && out.length % 1000 === 998) out.push(rawFrame(seq++, `debug: stray line ${seq}`, sessionId));
    else {
      const method = methods[id % methods.length];
      out.push(request(seq++, id, method, seq * 2, sessionId));
      if (out.length < n) out.push(response(seq++, id, seq * 2 + 3, sessionId));
      id++;
    }
  }
  return out;
}
