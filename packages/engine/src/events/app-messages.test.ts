import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { MAX_APP_MESSAGE_BYTES, appMessageFrame } from './app-messages.js';
import { EventLog } from './event-log.js';

const app = { uri: 'ui://get-time/app.html', view: 'v1' };
const nested = (depth: number): unknown => {
  let v: unknown = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('appMessageFrame', () => {
  it('keeps a plain JSON object as a message: a copy, with its UTF-8 size', () => {
    const msg = { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: {}, text: 'é' } };
    const kept = appMessageFrame(msg);
    expect(kept).toEqual({ msg, size: Buffer.byteLength(JSON.stringify(msg)) });
    expect('msg' in kept && kept.msg !== msg).toBe(true);
  });

  it('keeps a __proto__ key as an own property (data), never as a prototype', () => {
    const hostile = JSON.parse('{"jsonrpc":"2.0","method":"x","params":{"__proto__":{"polluted":true}}}') as Record<string, unknown>;
    const kept = appMessageFrame(hostile);
    if (!('msg' in kept)) throw new Error('refused');
    const params = kept.msg.params as Record<string, unknown>;
    expect(Object.hasOwn(params, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect((params as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses what is not a JSON object, too deep, too large or not serializable, as text with a finding', () => {
    const cases: Array<[unknown, RegExp, string]> = [
      ['hello', /a string, not a JSON object/, 'hello'],
      [42, /a number/, '42'],
      [null, /null/, 'null'],
      [[1, 2], /an array/, '[1,2]'],
      [undefined, /undefined/, 'undefined'],
      [new Date(0), /not plain JSON/, '"1970-01-01T00:00:00.000Z"'],
      [nested(300), /deeper than 256 levels/, ''],
      [{ big: 1n }, /cannot be written as JSON/, '[not kept: not serializable as JSON]'],
    ];
    for (const [value, reason, text] of cases) {
      const kept = appMessageFrame(value);
      expect('raw' in kept, String(reason)).toBe(true);
      if (!('raw' in kept)) continue;
      expect(kept.finding).toMatchObject({ rule: 'app-message-refused', severity: 'info' });
      expect(kept.finding.message).toMatch(reason);
      if (text) expect(kept.raw).toBe(text);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(appMessageFrame(cyclic)).toMatchObject({ finding: { rule: 'app-message-refused' } });
    const huge = appMessageFrame({ jsonrpc: '2.0', method: 'x', params: { s: 'x'.repeat(MAX_APP_MESSAGE_BYTES) } });
    expect(huge).toMatchObject({ size: MAX_APP_MESSAGE_BYTES + 48, finding: { message: expect.stringMatching(/over mcpscope's cap/) } });
  });

  it('survives nesting far past the stack: kept as a placeholder text', () => {
    const kept = appMessageFrame(nested(200_000));
    expect(kept).toMatchObject({ finding: { rule: 'app-message-refused' } });
  });
});

describe('EventLog.appFrame', () => {
  it('adds app-channel frames, paired per view, judged by the app rules only', () => {
    const log = new EventLog('s1');
    log.frame('out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }, 10);
    const init = log.appFrame(app, 'in', { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} });
    expect(init).toMatchObject({ type: 'frame', seq: 2, dir: 'in', channel: 'app', app, msg: { method: 'ui/initialize' } });
    expect(init.findings?.map((f) => f.rule)).toEqual(['app-initialize-capabilities']);
    expect('origin' in init).toBe(false);
    // Another view's id 1 and the server's id 1 stay apart.
    const other = log.appFrame({ uri: 'ui://other', view: 'v2' }, 'out', { jsonrpc: '2.0', id: 1, result: {} });
    expect(other.pair).toBeUndefined();
    const answer = log.appFrame(app, 'out', { jsonrpc: '2.0', id: 1, result: { hostContext: {} } });
    expect(answer.pair).toMatchObject({ requestSeq: 2, method: 'ui/initialize' });
    const server = log.frame('in', { jsonrpc: '2.0', id: 1, result: { content: [] } }, 10);
    expect(server.pair).toMatchObject({ requestSeq: 1, method: 'tools/call' });
    expect(server.findings).toBeUndefined();
  });

  it('a refused message fails only its own frame: text capped at 1 MiB, the log goes on', () => {
    const log = new EventLog('s1');
    const big = log.appFrame(app, 'out', {
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { s: 'y'.repeat(MAX_APP_MESSAGE_BYTES) },
    });
    expect(big).toMatchObject({ channel: 'app', app, size: MAX_APP_MESSAGE_BYTES + 75 });
    expect(big.msg).toBeUndefined();
    expect(big.raw!.length).toBeLessThan(1024 * 1024 + 100);
    expect(big.raw).toMatch(/cut by mcpscope/);
    const next = log.appFrame(app, 'in', { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 1, height: 1 } });
    expect(next).toMatchObject({ seq: 2, msg: { method: 'ui/notifications/size-changed' } });
    const events = log.events() as FrameEvent[];
    expect(events.map((e) => e.channel)).toEqual(['app', 'app']);
  });
});
