import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { TraceError } from './errors.js';
import { parseTrace, TraceReader } from './reader.js';
import { REDACTED } from './redact.js';
import { TraceWriter, type TraceSink } from './writer.js';

function memorySink(): TraceSink & { lines: string[]; closed: boolean } {
  const sink = {
    lines: [] as string[],
    closed: false,
    write(line: string) {
      sink.lines.push(line);
    },
    async close() {
      sink.closed = true;
    },
  };
  return sink;
}

const meta = {
  createdAt: '2026-01-02T03:04:05.000Z',
  tool: { name: 'mcpscope', version: '0.1.0' },
  session: { id: 's1', name: 'demo', transport: 'stdio', target: 'node server.js' },
};

const events: SessionEvent[] = [
  { type: 'lifecycle', seq: 1, t: 0, sessionId: 's1', phase: 'spawn', pid: 42 },
  { type: 'frame', seq: 2, t: 1.5, sessionId: 's1', dir: 'out', msg: { jsonrpc: '2.0', id: 1, method: 'initialize' }, size: 50 },
  { type: 'frame', seq: 3, t: 2, sessionId: 's1', dir: 'in', raw: 'hello', size: 5 },
  { type: 'stderr', seq: 4, t: 3, sessionId: 's1', text: 'listening' },
];

function writeTrace(redact?: boolean): string[] {
  const sink = memorySink();
  const writer = new TraceWriter(sink, redact === undefined ? {} : { redact });
  writer.writeHeader(meta);
  for (const e of events) writer.write(e);
  return sink.lines;
}

describe('TraceWriter', () => {
  it('writes a header line then one line per event, each immediately', () => {
    const sink = memorySink();
    const writer = new TraceWriter(sink);
    writer.writeHeader(meta);
    expect(sink.lines).toHaveLength(1);
    writer.write(events[0]);
    expect(sink.lines).toHaveLength(2);
    expect(sink.lines.every((l) => l.endsWith('\n') && l.indexOf('\n') === l.length - 1)).toBe(true);
    expect(JSON.parse(sink.lines[0])).toEqual({ type: 'header', format: 'mcpscope-trace', version: 1, ...meta });
  });

  it('gives a sink with writeLine each event line without its newline (the header still by write), the same text', () => {
    const whole = writeTrace();
    const lines: string[] = [];
    const writer = new TraceWriter({ write: (line) => lines.push(line), writeLine: (text) => lines.push(`${text}\n`) });
    writer.writeHeader(meta);
    for (const e of events) writer.write(e);
    expect(lines).toEqual(whole);
    const bare: string[] = [];
    const counting = new TraceWriter({ write: () => undefined, writeLine: (text) => bare.push(text) });
    counting.writeHeader(meta);
    for (const e of events) counting.write(e);
    expect(bare.map((text) => `${text}\n`)).toEqual(whole.slice(1));
  });

  it('redacts by default and keeps secrets with redact: false', () => {
    const e: SessionEvent = { type: 'frame', seq: 1, t: 0, sessionId: 's1', dir: 'in', msg: { result: { access_token: 'tok' } }, size: 1 };
    for (const [opt, expected] of [
      [undefined, REDACTED],
      [false, 'tok'],
    ] as const) {
      const sink = memorySink();
      const writer = new TraceWriter(sink, opt === undefined ? {} : { redact: opt });
      writer.writeHeader(meta);
      writer.write(e);
      expect(JSON.parse(sink.lines[1]).msg.result.access_token).toBe(expected);
    }
  });

  it('requires the header first, once, and drops events after close', async () => {
    const sink = memorySink();
    const writer = new TraceWriter(sink);
    expect(() => writer.write(events[0])).toThrow(TraceError);
    writer.writeHeader(meta);
    expect(() => writer.writeHeader(meta)).toThrow(/already/);
    await writer.close();
    writer.write(events[0]);
    expect(sink.lines).toHaveLength(1);
    expect(sink.closed).toBe(true);
  });
});

describe('parseTrace', () => {
  it('round-trips what the writer wrote', () => {
    const parsed = parseTrace(writeTrace().join(''));
    expect(parsed.header.session.id).toBe('s1');
    expect(parsed.events).toEqual(events);
    expect(parsed.warnings).toEqual([]);
  });

  it('keeps everything before a truncated last line, with one warning', () => {
    const lines = writeTrace();
    const text = lines.join('') + lines[2].slice(0, 20);
    const parsed = parseTrace(text);
    expect(parsed.events).toEqual(events);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/line 6: truncated last line/);
  });

  it('skips a malformed middle line and an event of unknown type, with warnings', () => {
    const lines = writeTrace();
    lines.splice(2, 0, '{not json\n', '{"type":"teleport","seq":9,"t":0,"sessionId":"s1"}\n', '{"type":"frame","seq":9}\n');
    const parsed = parseTrace(lines.join('').replace(/\n/g, '\r\n'));
    expect(parsed.events).toEqual(events);
    expect(parsed.warnings).toEqual([
      'line 3: not valid JSON, skipped',
      'line 4: unknown event type "teleport", skipped',
      expect.stringMatching(/^line 5: not a trace event/),
    ]);
  });

  it('fails clearly on a missing, foreign or newer header', () => {
    expect(() => parseTrace('')).toThrow(/empty/);
    expect(() => parseTrace(`${JSON.stringify(events[0])}\n`)).toThrow(/not an mcpscope trace/);
    expect(() => parseTrace('hello\n')).toThrow(/not an mcpscope trace/);
    const v2 = JSON.stringify({ ...JSON.parse(writeTrace()[0]), version: 2 });
    expect(() => parseTrace(v2)).toThrow(expect.objectContaining({ code: 'TRACE_UNSUPPORTED_VERSION' }));
    const bad = JSON.stringify({ type: 'header', format: 'mcpscope-trace', version: 1 });
    expect(() => parseTrace(bad)).toThrow(expect.objectContaining({ code: 'TRACE_BAD_HEADER' }));
  });

  it('TraceReader accepts text split at any point', () => {
    const text = writeTrace().join('');
    const reader = new TraceReader();
    for (let i = 0; i < text.length; i += 7) reader.push(text.slice(i, i + 7));
    expect(reader.end().events).toEqual(events);
  });
});
