import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { COMPACT_ABOVE_BYTES, PREVIEW_CHARS, asciiJson, compactFrame, compactFrameJson, jsonPreview } from './compactFrame.js';
import { WsServerMessageSchema } from './ws.js';

const pad = 'x'.repeat(1000);
const log = (params: Record<string, unknown>, over: Partial<FrameEvent> = {}): FrameEvent => {
  const msg = { jsonrpc: '2.0', method: 'notifications/message', params } as FrameEvent['msg'];
  return { type: 'frame', sessionId: 's1', seq: 7, t: 12, dir: 'in', size: JSON.stringify(msg).length, msg, ...over };
};

describe('compactFrame', () => {
  it('sends a big log notification as a row: the envelope whole, the params as short previews', () => {
    const whole = log(
      { level: 'info', logger: 'flood', data: { tag: 'frame-000042', pad } },
      { findings: [{ rule: 'r', severity: 'info', message: 'm' }] },
    );
    const row = compactFrame(whole);
    expect(row.compact).toBe(true);
    expect(row).toMatchObject({ type: 'frame', sessionId: 's1', seq: 7, t: 12, dir: 'in', size: whole.size, findings: whole.findings });
    const params = (row.msg as { params: Record<string, unknown> }).params;
    expect(row.msg).toMatchObject({ jsonrpc: '2.0', method: 'notifications/message' });
    expect(params.level).toBe('info');
    expect(params.logger).toBe('flood');
    expect(params.data).toBe(`${JSON.stringify(whole.msg!.params!.data).slice(0, PREVIEW_CHARS)}…`);
    expect(JSON.stringify(row).length).toBeLessThan(whole.size / 2);
    // The engine's event is not touched: the recorder and the other tabs' views keep it whole.
    expect((whole.msg as { params: { data: { pad: string } } }).params.data.pad).toBe(pad);
    // It fits the one /ws contract, flag and all.
    expect(WsServerMessageSchema.safeParse(row).success).toBe(true);
  });

  it('leaves small frames, requests, responses, outgoing and app frames whole (the same object)', () => {
    const small = log({ level: 'info', data: 'hi' });
    expect(small.size).toBeLessThanOrEqual(COMPACT_ABOVE_BYTES);
    const big = { level: 'info', data: pad };
    const cases: FrameEvent[] = [
      small,
      log(big, { dir: 'out' }),
      log(big, { channel: 'app' }),
      { ...log(big), msg: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: pad }] } } as FrameEvent['msg'] },
      {
        ...log(big),
        msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { pad } } } as FrameEvent['msg'],
      },
      { ...log(big), msg: { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: pad } } as FrameEvent['msg'] },
      { ...log(big), msg: undefined, raw: pad },
    ];
    for (const c of cases) expect(compactFrame(c)).toBe(c);
  });

  it('keeps a hostile key as data and bounds the params it keeps', () => {
    const params = JSON.parse(`{"__proto__": {"polluted": true}, ${Array.from({ length: 40 }, (_, i) => `"k${i}": "${pad}"`).join(', ')}}`);
    const row = compactFrame(log(params));
    const kept = (row.msg as { params: Record<string, unknown> }).params;
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(kept).length).toBe(16);
    for (const v of Object.values(kept)) expect(String(v).length).toBeLessThanOrEqual(PREVIEW_CHARS + 1);
  });

  it('is refused by the contract with a flag other than true', () => {
    const row = { ...compactFrame(log({ data: pad })), compact: 'yes' };
    expect(WsServerMessageSchema.safeParse(row).success).toBe(false);
  });
});

describe('compactFrameJson', () => {
  const ASCII = /^[\x00-\x7f]*$/;
  const emoji = '\u{1F600}';
  const cases: Record<string, FrameEvent> = {
    'a log with a nested value': log({ level: 'info', logger: 'flood', data: { tag: 'frame-000042', pad } }),
    'findings and text past ASCII': log({ level: 'warning', logger: 'journal', data: `Grüße, 日本語 ${pad}` }, {
      findings: [{ rule: 'r', severity: 'warning', message: 'the server’s “log” …' }],
      origin: 'user',
    } as Partial<FrameEvent>),
    // PREVIEW_CHARS falls between the two halves of a surrogate pair.
    'a cut inside a surrogate pair': log({ data: `${'a'.repeat(PREVIEW_CHARS - 1)}${emoji.repeat(400)}` }),
    'keys past ASCII and a hostile key': log(
      JSON.parse(
        `{"__proto__": {"polluted": true}, "clé": "${pad}", "n": 1.5, "ok": true, "none": null, "list": [1, "二", {"x": "${pad}"}]}`,
      ),
    ),
    'more params than are kept': log(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, pad]))),
    'params that are no object': {
      ...log({ data: pad }),
      msg: { jsonrpc: '2.0', method: 'notifications/message', params: [pad] },
    } as FrameEvent,
    'a progress notification': {
      ...log({}),
      size: 900,
      msg: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1, message: pad } },
    } as FrameEvent,
  };
  for (const [name, event] of Object.entries(cases)) {
    it(`is the text of compactFrame's row, in ASCII: ${name}`, () => {
      const text = compactFrameJson(event);
      expect(text).toBeDefined();
      expect(text).toMatch(ASCII);
      expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(compactFrame(event))));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('is undefined for a frame that goes whole', () => {
    const small = log({ level: 'info', data: 'hi' });
    expect(compactFrameJson(small)).toBeUndefined();
    expect(compactFrameJson(log({ data: pad }, { dir: 'out' }))).toBeUndefined();
  });

  it('asciiJson escapes only what is past ASCII, and the text parses to the same value', () => {
    expect(asciiJson('{"a":"plain"}')).toBe('{"a":"plain"}');
    const value = { ключ: `ü ${emoji} \ud800 …`, n: [1, '日本'] };
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(ASCII);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('jsonPreview', () => {
  it('is the start of the JSON text, and stops building past its bound', () => {
    const value = { tag: 'frame-1', list: [1, true, null, 'a'], nested: { deep: [{}] } };
    expect(jsonPreview(value, 1000)).toBe(JSON.stringify(value));
    const huge = { tag: 'frame-1', items: Array.from({ length: 5000 }, (_, i) => ({ i, pad })) };
    const text = jsonPreview(huge, 50);
    expect(JSON.stringify(huge).startsWith(text.slice(0, 50))).toBe(true);
    expect(text.length).toBeLessThan(50 + 60); // one token past the bound at most
  });
});
