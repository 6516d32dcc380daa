import { describe, expect, it } from 'vitest';
import type { Direction, SessionEvent } from '../events.js';
import { isCapabilityDeclared } from '../capabilities.js';
import { jsonTextTooDeep, valueTooDeep, MAX_JSON_DEPTH } from '../limits.js';
import { parseMessageText, peekResponseId as peekMessageId } from '../jsonrpc.js';
import { Linter } from './linter.js';
import { FRAME_RULES } from './rules.js';

const PROTO = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toLocaleString', '__defineGetter__'];
let seq = 0;
const frame = (dir: Direction, msg: Record<string, unknown>): SessionEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  msg,
  size: 1,
});

function session(serverCaps: unknown = { tools: {} }): Linter {
  const l = new Linter();
  l.observe(
    frame('out', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    }),
  );
  l.observe(
    frame('in', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: serverCaps, serverInfo: { name: 's', version: '1' } },
    }),
  );
  l.observe(frame('out', { jsonrpc: '2.0', method: 'notifications/initialized' }));
  return l;
}

describe('hostile input never throws out of the linter', () => {
  it('methods named after Object.prototype members are ordinary unknown methods', () => {
    const l = session();
    for (const method of PROTO) {
      // Parsed from text, as a server sends it: "__proto__" is then an own key.
      const msg = JSON.parse(
        `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":{"__proto__":{"x":1},"constructor":1}}`,
      ) as Record<string, unknown>;
      const findings = l.observe(frame('in', msg));
      expect(findings.filter((f) => f.rule === 'internal-error' || f.rule === 'capability-undeclared')).toEqual([]);
      const request = l.observe(frame('in', { ...msg, id: method }));
      expect(request.some((f) => f.rule === 'internal-error')).toBe(false);
    }
  });

  it('capability objects with prototype-named keys declare nothing they do not own', () => {
    const caps = JSON.parse('{"__proto__":{"logging":{}},"constructor":{}}') as Record<string, unknown>;
    expect(isCapabilityDeclared(caps, 'logging')).toBe(false);
    expect(isCapabilityDeclared(caps, 'constructor')).toBe(true);
    expect(isCapabilityDeclared({}, 'toString')).toBe(false);
    expect(isCapabilityDeclared({ tools: {} }, 'tools.constructor')).toBe(false);
    const l = session(caps);
    const findings = l.observe(frame('in', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }));
    expect(findings.map((f) => f.rule)).toContain('capability-undeclared');
  });

  it('a rule that throws becomes an internal-error finding on that frame, and the others still run', () => {
    const rule = FRAME_RULES[0] as { onFrame: unknown };
    const original = rule.onFrame;
    rule.onFrame = () => {
      throw new RangeError('boom');
    };
    try {
      const findings = session().observe(frame('in', { jsonrpc: '1.0', method: 'notifications/message', params: {} }));
      expect(findings.find((f) => f.rule === 'internal-error')?.message).toContain('RangeError: boom');
      expect(findings.find((f) => f.rule === 'internal-error')?.severity).toBe('info');
    } finally {
      rule.onFrame = original;
    }
  });

  it('hostile tool listings (prototype names, non-objects, odd schemas) raise no internal error', () => {
    const l = session();
    l.observe(frame('out', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    const tools = JSON.parse(
      `[${PROTO.map((n) => `{"name":${JSON.stringify(n)},"inputSchema":{"type":"object","properties":{"__proto__":{}}}}`).join(',')},42,null,"x",{"inputSchema":"no"}]`,
    ) as unknown[];
    const findings = l.observe(frame('in', { jsonrpc: '2.0', id: 1, result: { tools } }));
    expect(findings.some((f) => f.rule === 'internal-error')).toBe(false);
    // A second listing compares with the first: still no throw with prototype-named tools.
    l.observe(frame('out', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }));
    expect(l.observe(frame('in', { jsonrpc: '2.0', id: 2, result: { tools } })).some((f) => f.rule === 'internal-error')).toBe(false);
  });
});

describe('the nesting cap at the parse boundary', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('measures text depth without recursing, ignoring brackets inside strings', () => {
    expect(jsonTextTooDeep(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`{"a":${JSON.stringify('['.repeat(10_000))}}`)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\"[[[[","b":${deep(10)}}`, 10)).toBe(true);
    expect(jsonTextTooDeep(deep(1_000_000))).toBe(true);
  });

  it('measures parsed depth iteratively', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(valueTooDeep(v)).toBe(true);
    expect(valueTooDeep({ a: [{ b: [1] }] }, 4)).toBe(false);
    expect(valueTooDeep({ a: [{ b: [1] }] }, 3)).toBe(true);
  });

  it('parseMessageText refuses a too-deep line with a code, before JSON.parse', () => {
    const r = parseMessageText(`{"jsonrpc":"2.0","id":7,"result":${deep(10_000)}}`);
    expect(r).toMatchObject({ code: 'too-deep', error: `nested deeper than ${MAX_JSON_DEPTH} levels` });
    expect(parseMessageText('[1]')).toMatchObject({ code: 'not-object' });
    expect(parseMessageText('{')).toMatchObject({ code: 'not-json' });
  });

  it('peekResponseId finds the top-level id of a response at the start or the end, never a nested one', () => {
    expect(peekMessageId(`{"jsonrpc":"2.0","id":7,"result":${deep(10_000)}}`)).toBe(7);
    expect(peekMessageId(`{"id":"mcpscope-3","jsonrpc":"2.0","result":{"x":"${'y'.repeat(5000)}`)).toBe('mcpscope-3');
    expect(peekMessageId(`{"result":${deep(5000)},"jsonrpc":"2.0","id":12}`)).toBe(12);
    expect(peekMessageId(`{"jsonrpc":"2.0","result":{"items":[{"id":5}]`)).toBeUndefined();
    expect(peekMessageId(`{"jsonrpc":"2.0","method":"x","params":{"id":5}}`)).toBeUndefined();
    expect(peekMessageId('{"jsonrpc":"2.0","id":1e400,"result":1}')).toBeUndefined();
    expect(peekMessageId(`{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":${deep(5000)}}`)).toBeUndefined();
  });
});
