import { describe, expect, it } from 'vitest';
import type { Direction, Finding, SessionEvent } from '../events.js';
import { Linter } from './linter.js';

let seq = 0;
const frame = (dir: Direction, msg: Record<string, unknown>): SessionEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});
const out = (msg: Record<string, unknown>) => frame('out', msg);
const inn = (msg: Record<string, unknown>) => frame('in', msg);
const byRule = (findings: Finding[], rule: string) => findings.filter((f) => f.rule === rule);

function initialize(l: Linter, serverCaps: Record<string, unknown>): Finding[] {
  l.observe(
    out({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    }),
  );
  const found = l.observe(
    inn({ id: 0, result: { protocolVersion: '2025-11-25', capabilities: serverCaps, serverInfo: { name: 's', version: '1' } } }),
  );
  l.observe(out({ method: 'notifications/initialized' }));
  return found;
}

function modern(l: Linter, serverCaps: Record<string, unknown>): Finding[] {
  l.observe(out({ id: 0, method: 'server/discover', params: {} }));
  return l.observe(
    inn({ id: 0, result: { supportedVersions: ['2026-07-28'], capabilities: serverCaps, serverInfo: { name: 's', version: '1' } } }),
  );
}

describe('a server notification sent before the client could know the capabilities', () => {
  it('is judged once the initialize answer tells them: one finding per method, with the count and the places', () => {
    const l = new Linter();
    const log = { method: 'notifications/message', params: { level: 'info', data: 'SSE Connection established' } };
    const early = [inn(log), inn(log), inn({ method: 'notifications/tools/list_changed' })];
    for (const e of early) expect(l.observe(e)).toEqual([]);
    const found = byRule(initialize(l, { tools: {} }), 'capability-undeclared');
    expect(found.map((f) => f.message)).toEqual([
      `the server sent notifications/message 2 times (seq ${early[0].seq}, ${early[1].seq}) before the client could know its capabilities, and its answer does not declare logging (server/utilities/logging#capabilities)`,
      `the server sent notifications/tools/list_changed once (seq ${early[2].seq}) before the client could know its capabilities, and its answer does not declare tools.listChanged (server/tools#capabilities)`,
    ]);
    expect(found[0]).toMatchObject({ severity: 'error', spec: '2025-11-25/basic/lifecycle#operation' });
    // Judged once: the next listing of the capabilities (none) and later frames do not repeat it.
    l.observe(out({ id: 1, method: 'ping' }));
    expect(l.observe(inn({ id: 1, result: {} }))).toEqual([]);
  });

  it('says nothing when the answer declares the capability, and waits past a failed server/discover probe', () => {
    const l = new Linter();
    l.observe(out({ id: 'probe', method: 'server/discover', params: {} }));
    l.observe(inn({ method: 'notifications/message', params: { level: 'info', data: 'hello' } }));
    expect(l.observe(inn({ id: 'probe', error: { code: -32601, message: 'Method not found' } }))).toEqual([]);
    expect(byRule(initialize(l, { logging: {} }), 'capability-undeclared')).toEqual([]);
    const late = new Linter();
    late.observe(out({ id: 'probe', method: 'server/discover', params: {} }));
    late.observe(inn({ method: 'notifications/message', params: { level: 'info', data: 'hello' } }));
    late.observe(inn({ id: 'probe', error: { code: -32601, message: 'Method not found' } }));
    expect(byRule(initialize(late, { tools: {} }), 'capability-undeclared')).toHaveLength(1);
  });

  it('is judged on a 2026-07-28 server/discover answer too', () => {
    const l = new Linter();
    l.observe(inn({ method: 'notifications/message', params: { level: 'info', data: 'hello' } }));
    expect(byRule(modern(l, { tools: {} }), 'capability-undeclared')).toHaveLength(1);
  });

  it('keeps the count past the places it lists (a flood before the answer)', () => {
    const l = new Linter();
    for (let i = 0; i < 1000; i++) l.observe(inn({ method: 'notifications/message', params: { level: 'info', data: i } }));
    const [f] = byRule(initialize(l, {}), 'capability-undeclared');
    expect(f.message).toMatch(/notifications\/message 1000 times \(seq (\d+, ){9}\d+, …\)/);
  });
});

describe('a listed resource that cannot be read', () => {
  function listed(l: Linter, uris: string[]): void {
    l.observe(out({ id: 10, method: 'resources/list', params: {} }));
    l.observe(inn({ id: 10, result: { resources: uris.map((uri) => ({ uri, name: uri })) } }));
  }
  let id = 100;
  const read = (l: Linter, uri: string, error: Record<string, unknown>) => {
    id++;
    l.observe(out({ id, method: 'resources/read', params: { uri } }));
    return byRule(l.observe(inn({ id, error })), 'resource-read-error-code');
  };

  it('2025-11-25: -32002 and -32603 are the codes the spec gives; another one is a warning quoting the legacy sentence', () => {
    const l = new Linter();
    initialize(l, { resources: {} });
    listed(l, ['file:///a', 'file:///b']);
    expect(read(l, 'file:///a', { code: -32002, message: 'Resource not found' })).toEqual([]);
    expect(read(l, 'file:///a', { code: -32603, message: 'disk on fire' })).toEqual([]);
    const [f] = read(l, 'file:///b', { code: -32000, message: 'Resource\nnot found' });
    expect(f).toMatchObject({
      severity: 'warning',
      spec: '2025-11-25/server/resources#error-handling',
      quote: expect.stringContaining('Resource not found: `-32002`'),
    });
    expect(f.message).toBe(
      'resource "file:///b" is listed, but reading it failed with JSON-RPC error -32000 (Resource not found), not -32002 or -32603',
    );
    // A URI the server never listed may fail any way it likes.
    expect(read(l, 'file:///made-up', { code: -32000, message: 'nope' })).toEqual([]);
  });

  it('2026-07-28: the modern codes (-32602, -32603), and the finding quotes the modern sentence', () => {
    const l = new Linter();
    modern(l, { resources: {} });
    listed(l, ['demo://x']);
    expect(read(l, 'demo://x', { code: -32602, message: 'Resource not found' })).toEqual([]);
    const [f] = read(l, 'demo://x', { code: -32002, message: 'Resource not found' });
    expect(f).toMatchObject({
      severity: 'warning',
      spec: '2026-07-28/server/resources#error-handling',
      quote: expect.stringContaining('`-32602`'),
    });
  });
});

describe('two tools with the same name', () => {
  const schema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };
  const validate = (s: unknown, value: unknown) => {
    const v = value as { sum?: unknown };
    return typeof v?.sum === 'number' ? [] : ['/sum must be number'];
  };
  const plain = { name: 'add', description: 'Adds.', inputSchema: { type: 'object' } };
  const typed = { ...plain, description: 'Adds, typed.', outputSchema: schema };

  it('are one tool-name-unique warning per name over all pages, not one per listing page', () => {
    const l = new Linter();
    initialize(l, { tools: {} });
    l.observe(out({ id: 1, method: 'tools/list', params: {} }));
    expect(byRule(l.observe(inn({ id: 1, result: { tools: [plain], nextCursor: 'p2' } })), 'tool-name-unique')).toEqual([]);
    l.observe(out({ id: 2, method: 'tools/list', params: { cursor: 'p2' } }));
    const [f] = byRule(l.observe(inn({ id: 2, result: { tools: [typed, plain] } })), 'tool-name-unique');
    expect(f).toMatchObject({
      severity: 'warning',
      quote: 'Tool names SHOULD be unique within a server.',
      message: 'tool name "add" is listed 3 times: a call by that name is ambiguous',
    });
  });

  it('have a result checked against the definition with an outputSchema, whichever was listed first', () => {
    const l = new Linter({ validate });
    initialize(l, { tools: {} });
    l.observe(out({ id: 1, method: 'tools/list', params: {} }));
    l.observe(inn({ id: 1, result: { tools: [plain, typed] } }));
    l.observe(out({ id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } }));
    const [f] = byRule(
      l.observe(inn({ id: 2, result: { content: [], structuredContent: { sum: 'three' } } })),
      'structured-content-schema',
    );
    expect(f.message).toBe(
      'structuredContent of "add" does not match any of the outputSchemas listed under its name (the name is ambiguous: listed 2 times, 1 with an outputSchema; checked against each): /sum must be number',
    );
    l.observe(out({ id: 3, method: 'tools/call', params: { name: 'add', arguments: {} } }));
    expect(l.observe(inn({ id: 3, result: { content: [], structuredContent: { sum: 3 } } }))).toEqual([]);
    // Listed again unchanged: no "definition changed" for the name listed twice.
    l.observe(out({ id: 4, method: 'tools/list', params: {} }));
    expect(byRule(l.observe(inn({ id: 4, result: { tools: [plain, typed] } })), 'tool-definition-changed')).toEqual([]);
  });

  it('a name listed 5,000 times: the result is checked against the first 8 outputSchemas, not 5,000', () => {
    let validations = 0;
    const l = new Linter({ validate: () => (validations++, ['/sum must be number']) });
    initialize(l, { tools: {} });
    l.observe(out({ id: 1, method: 'tools/list', params: {} }));
    l.observe(inn({ id: 1, result: { tools: Array.from({ length: 5000 }, () => typed) } }));
    l.observe(out({ id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } }));
    const [f] = byRule(l.observe(inn({ id: 2, result: { content: [], structuredContent: {} } })), 'structured-content-schema');
    expect(validations).toBe(8);
    expect(f.message).toContain('listed 5000 times, 5000 with an outputSchema; checked against the first 8');
  });

  it('pass when the result conforms to one of several outputSchemas', () => {
    const l = new Linter({
      validate: (s, value) => (JSON.stringify(s) === JSON.stringify(schema) ? validate(s, value) : ['/ must have text']),
    });
    initialize(l, { tools: {} });
    l.observe(out({ id: 1, method: 'tools/list', params: {} }));
    l.observe(inn({ id: 1, result: { tools: [typed, { ...plain, outputSchema: { type: 'object', required: ['text'] } }] } }));
    l.observe(out({ id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } }));
    expect(l.observe(inn({ id: 2, result: { content: [], structuredContent: { sum: 3 } } }))).toEqual([]);
  });
});
