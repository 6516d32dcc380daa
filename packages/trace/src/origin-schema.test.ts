import { describe, expect, it } from 'vitest';
import { parseEvent } from './event-schema.js';

const frame = (extra: object) => ({
  seq: 1,
  t: 0,
  sessionId: 's',
  type: 'frame',
  dir: 'out',
  size: 2,
  msg: { jsonrpc: '2.0', method: 'ping' },
  ...extra,
});
const originOf = (value: unknown) => {
  const parsed = parseEvent(frame({ origin: value }));
  if (!('event' in parsed) || parsed.event.type !== 'frame') throw new Error('not a frame');
  return parsed.event.origin;
};

describe("a trace frame's origin", () => {
  it('is kept as recorded', () => {
    expect(originOf({ by: 'user', reason: 'cli: call tools/list' })).toEqual({ by: 'user', reason: 'cli: call tools/list' });
    expect(originOf({ by: 'mcpscope', reason: 'handshake' })).toEqual({ by: 'mcpscope', reason: 'handshake' });
    expect('origin' in (parseEvent(frame({})) as { event: object }).event).toBe(false);
  });

  it('is data from a hostile trace: control characters dropped, cut to 200, a bad shape dropped (not the frame)', () => {
    expect(originOf({ by: 'user', reason: '\u001b]8;;http://x\u0007click\u001b[2J  ' })).toEqual({
      by: 'user',
      reason: ']8;;http://xclick[2J',
    });
    expect(originOf({ by: 'user', reason: 'y'.repeat(5000) })?.reason).toHaveLength(200);
    expect(originOf({ by: 'user', reason: '' })).toEqual({ by: 'user', reason: '(none)' });
    for (const bad of [
      { by: 'root', reason: 'x' },
      { by: 'user' },
      { by: 'user', reason: 7 },
      'user',
      [],
      null,
      { by: 'user', reason: 'z'.repeat(200_000) },
    ]) {
      expect(originOf(bad)).toBeUndefined();
    }
  });
});
