import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSize, type FrameEvent, type JsonRpcMessage } from '@mcpscope/protocol';
import { EventLog } from './event-log.js';
import { heapSize, valueBytes } from './heap-size.js';
import { SpillDir, SpillFile } from './spill.js';

const dirs: SpillDir[] = [];
const roots: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function boundedLog(budget: number): EventLog {
  const root = mkdtempSync(join(tmpdir(), 'mcpscope-heap-size-test-'));
  roots.push(root);
  const dir = new SpillDir(root);
  dirs.push(dir);
  return new EventLog('s1', undefined, { budget, spill: () => new SpillFile(dir.file('s1'), 's1') });
}

/** A tools/list answer of `n` tools: key-dense JSON, ~190 bytes of wire per tool. */
function toolsList(id: number, n: number): JsonRpcMessage {
  const tools = Array.from({ length: n }, (_, k) => ({
    name: `tool_${id}_${k}`,
    description: 'Echoes.',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string' }, n: { type: 'number', minimum: 0.5 } },
      required: ['message'],
    },
  }));
  return { jsonrpc: '2.0', id, result: { tools } } as JsonRpcMessage;
}

const wire = (msg: unknown): number => Buffer.byteLength(JSON.stringify(msg));

describe('heapSize', () => {
  it('counts the structure of a message, not only its wire length', () => {
    const msg = toolsList(1, 20);
    const frame = { type: 'frame', dir: 'in', msg, size: wire(msg), seq: 1, t: 0, sessionId: 's1' } as FrameEvent;
    // Key-dense JSON holds ~1.8× its text on the V8 heap (measured; see heap-size.ts).
    expect(heapSize(frame)).toBeGreaterThan(1.5 * frame.size);
    expect(heapSize(frame)).toBeGreaterThan(eventSize(frame));
  });

  it('counts two-byte text twice, findings and kept raw text', () => {
    expect(valueBytes('漢'.repeat(1000))).toBeGreaterThanOrEqual(2000);
    expect(valueBytes('x'.repeat(1000))).toBeLessThan(1100);
    const base = {
      type: 'frame',
      dir: 'in',
      msg: { jsonrpc: '2.0', method: 'notifications/message' },
      size: 60,
      seq: 1,
      t: 0,
      sessionId: 's1',
    } as FrameEvent;
    const withFinding = {
      ...base,
      findings: [{ rule: 'capability-undeclared', severity: 'error', message: 'm'.repeat(200), spec: 's' }],
    } as FrameEvent;
    expect(heapSize(withFinding) - heapSize(base)).toBeGreaterThan(200);
    const raw = { type: 'frame', dir: 'in', raw: 'r'.repeat(5000), size: 5000, seq: 1, t: 0, sessionId: 's1' } as FrameEvent;
    expect(heapSize(raw)).toBeGreaterThan(5000);
  });

  it("counts the objects an outgoing request's _meta shares with every other request once", () => {
    const capabilities = {
      sampling: {},
      elicitation: { form: { applyDefaults: true }, url: {} },
      roots: { listChanged: true },
      extensions: { a: { mimeTypes: ['text/html'] } },
    };
    const request = (id: number) =>
      ({
        type: 'frame',
        dir: 'out',
        msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', _meta: { capabilities } } },
        size: 300,
        seq: id,
        t: 0,
        sessionId: 's1',
      }) as FrameEvent;
    const first = heapSize(request(1));
    const next = heapSize(request(2));
    expect(first - next).toBe(valueBytes(capabilities));
    expect(heapSize(request(3))).toBe(next);
  });
});

describe('the window budget in heap bytes', () => {
  it('holds: the accounted bytes stay under the budget and the count kept follows the real cost', () => {
    const budget = 256 * 1024;
    const log = boundedLog(budget);
    const per: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const out = { jsonrpc: '2.0', id: i, method: 'tools/list', params: {} } as JsonRpcMessage;
      log.frame('out', out, wire(out));
      const msg = toolsList(i, 5);
      per.push(heapSize(log.frame('in', msg, wire(msg))));
      const { held } = log.window.memory();
      expect(held).toBeLessThanOrEqual(budget);
    }
    const { held, events, spilled } = log.window.memory();
    expect(events + spilled).toBe(4000);
    // Between the low-water mark (7/8) and the budget after the last eviction.
    expect(held).toBeGreaterThan(budget * 0.5);
    const answers = log.events().filter((e) => e.type === 'frame' && e.dir === 'in').length;
    const perAnswer = per[per.length - 1]!;
    expect(answers).toBeLessThanOrEqual(Math.ceil(budget / perAnswer));
    // By wire size + 256 (eventSize) the same budget would have kept ~1.7× as many answers.
    const byWire = Math.floor(budget / (eventSize(log.events().at(-1)!) + 100));
    expect(answers).toBeLessThan(byWire);
  });
});
