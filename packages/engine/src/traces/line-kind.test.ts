import { describe, expect, it } from 'vitest';
import { classifyLine, quickType } from './line-kind.js';

const b = (s: string) => Buffer.from(s);

describe('quickType: an event type from the first bytes of a line', () => {
  it('reads the two shapes writers produce', () => {
    expect(quickType(b('{"type":"frame","dir":"in","msg":{"jsonrpc":"2.0","method":"x"},"size":1,"seq":3,"t":1,"sessionId":"s"}'))).toBe(
      'frame',
    );
    expect(quickType(b('{"type":"stderr","text":"hi","seq":1,"t":0,"sessionId":"s"}'))).toBe('stderr');
    expect(quickType(b('{"seq":1,"t":0.5,"sessionId":"s1","type":"lifecycle","phase":"spawn"}'))).toBe('lifecycle');
    expect(quickType(b('{"seq":1,"t":0,"sessionId":"a,b","type":"oauth","step":"x"}'))).toBe('oauth');
  });

  it('answers nothing (parse it) when the first "type" key may not be the top-level one, or is not an event type', () => {
    // nested object before the key, an escaped quote before it, spaces, an unknown or missing type
    expect(quickType(b('{"seq":1,"x":{"type":"frame"},"type":"stderr"}'))).toBeUndefined();
    expect(quickType(b('{"seq":1,"sessionId":"{","type":"frame"}'))).toBeUndefined();
    expect(quickType(b('{"k\\"type":"frame","type":"stderr"}'))).toBeUndefined();
    expect(quickType(b('{ "type": "frame" }'))).toBeUndefined();
    expect(quickType(b('{"type":"header","format":"mcpscope-trace"}'))).toBeUndefined();
    expect(quickType(b('{"type":"frames","seq":1}'))).toBeUndefined();
    expect(quickType(b('{"type":"fr'))).toBeUndefined();
    expect(quickType(b('["type","frame"]'))).toBeUndefined();
    expect(quickType(b(`{"seq":1,"pad":"${'x'.repeat(600)}","type":"frame"}`))).toBeUndefined();
  });
});

describe('classifyLine: what a line counts as, for the indexer and every reader', () => {
  it('types canonical lines unparsed, parses the others, and always parses a last line without "\\n"', () => {
    expect(classifyLine(b('{"type":"frame","broken'), true)).toEqual({ kind: 'frame' });
    expect(classifyLine(b('{"type":"frame","broken'), false)).toMatchObject({ kind: 'bad', failure: { notJson: true } });
    const spaced = classifyLine(b('{ "seq": 1, "t": 0, "sessionId": "s", "type": "stderr", "text": "x" }'), true);
    expect(spaced).toMatchObject({ kind: 'event', event: { type: 'stderr', seq: 1 } });
    expect(classifyLine(b('   \r'), true)).toEqual({ kind: 'blank' });
    expect(classifyLine(b(''), true)).toEqual({ kind: 'blank' });
    expect(classifyLine(b('{"seq":1}'), true)).toMatchObject({
      kind: 'bad',
      failure: { reason: expect.stringMatching(/not a trace event/) },
    });
  });
});
