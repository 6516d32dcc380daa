import { describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { strayOutput } from './stray-output.js';

let seq = 0;
const frame = (rule: string, extra: Partial<FrameEvent>): FrameEvent =>
  ({
    type: 'frame',
    seq: ++seq,
    t: seq,
    dir: 'in',
    size: 10,
    findings: [{ rule, severity: 'warning', message: rule, spec: '' }],
    ...extra,
  }) as FrameEvent;

describe('strayOutput', () => {
  const events: SessionEvent[] = [
    frame('stdio-non-json-stdout', { raw: 'booting \u001b[2J' }),
    frame('stdio-non-json-stdout', { raw: 'x'.repeat(500) }),
    frame('response-unknown-id', { msg: { jsonrpc: '2.0', id: 'y'.repeat(300), result: {} } }),
    frame('message-too-large', { raw: '{"jsonrpc":"2.0","id":' }),
    frame('stdio-non-json-stdout', { raw: 'app', channel: 'app' }),
  ];

  it('counts each kind, quotes the first with control characters escaped, clips what the server controls', () => {
    const said = strayOutput(events);
    expect(said).toHaveLength(3);
    expect(said[0]).toBe('2 lines on stdout that are not JSON-RPC, the first: "booting \\u001b[2J"');
    expect(said[1]).toBe(
      `a response to no request in flight, the first with id "${'y'.repeat(119)}… (a response carries the id of the request it answers)`,
    );
    expect(said[2]).toContain("a message kept as text at mcpscope's own limits, not parsed, the first longer than its size cap");
    for (const s of said) expect(s.length).toBeLessThan(400);
  });

  it('only after sinceSeq, and without stdout noise when asked', () => {
    expect(strayOutput(events, { sinceSeq: 2, stdoutNoise: false })).toHaveLength(2);
    expect(strayOutput(events, { sinceSeq: 4 })).toEqual([]);
  });
});

describe('strayOutput on a body refused whole', () => {
  it("shows mcpscope's placeholder as words, not as a quoted server line", () => {
    const said = strayOutput([
      frame('message-too-large', { raw: '(an SSE event longer than 67108864 bytes (the message cap): not kept)' }),
    ]);
    expect(said).toEqual([
      "a message kept as text at mcpscope's own limits, not parsed, the first longer than its size cap: an SSE event longer than 67108864 bytes (the message cap); if that was the answer, its id could not be read",
    ]);
  });
});
