import { describe, expect, it } from 'vitest';
import { parseTrace, TraceReader } from './reader.js';
import { recordedTarget, TraceHeaderSchema } from './header.js';

// Trace files are untrusted input (line cap, nesting cap, header fields, recorded target).

const header = {
  type: 'header',
  format: 'mcpscope-trace',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  tool: { name: 'x', version: '1' },
  session: { id: 's', name: 'n', transport: 'stdio', target: 't' },
};
const event = (seq: number) => JSON.stringify({ seq, t: seq, sessionId: 's', type: 'stderr', text: 'x' });

describe('TraceReader limits', () => {
  it('skips a line over the cap as it streams, counting its length, and keeps the lines around it', () => {
    const reader = new TraceReader({ maxLineLength: 250 });
    reader.push(`${JSON.stringify(header).slice(0, 50)}`);
    reader.push(`${JSON.stringify(header).slice(50)}\n${event(1)}\n`);
    for (let i = 0; i < 10; i++) reader.push('y'.repeat(30)); // 300 chars, pushed in pieces
    reader.push(`\n${event(2)}\n${'z'.repeat(260)}`);
    const trace = reader.end();
    expect(trace.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(trace.warnings).toEqual([
      'line 3: longer than the 250-byte line limit (300 bytes or more), skipped',
      'line 5: longer than the 250-byte line limit (260 bytes or more), skipped',
    ]);
  });

  it('refuses a header over the cap, and skips a line nested deeper than 256 before parsing it', () => {
    expect(() => new TraceReader({ maxLineLength: 10 }).push(`${JSON.stringify(header)}\n`)).toThrow(
      /^not an mcpscope trace: line 1: longer than the 10-byte line limit/,
    );
    const deep = `{"seq":2,"t":2,"sessionId":"s","type":"stderr","text":"x","d":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const trace = parseTrace(`${JSON.stringify(header)}\n${event(1)}\n${deep}\n${event(3)}\n`);
    expect(trace.events.map((e) => e.seq)).toEqual([1, 3]);
    expect(trace.warnings).toEqual(['line 3: nested deeper than 256 levels, skipped']);
    expect(() => parseTrace(`{"type":"header","d":${'['.repeat(300)}${']'.repeat(300)}}\n`)).toThrow(
      'invalid trace header: nested deeper than 256 levels',
    );
  });
});

describe('trace header', () => {
  it('refuses a createdAt that is not a date', () => {
    for (const createdAt of ['yesterday', '2024-13-45T99:00:00Z', 12, Infinity, null]) {
      expect(TraceHeaderSchema.safeParse({ ...header, createdAt }).success, String(createdAt)).toBe(false);
    }
    expect(() => parseTrace(`${JSON.stringify({ ...header, createdAt: 'soon' })}\n`)).toThrow(
      'invalid trace header: createdAt: createdAt is not a date',
    );
  });

  it('keeps only the command/args/cwd or URL of a recorded target: env, headers and tokens are dropped', () => {
    const session = (config: unknown) => ({ ...header.session, config });
    expect(
      recordedTarget({
        session: session({ transport: 'stdio', command: 'sh', args: ['-c', 'x'], cwd: '/w', env: { NODE_OPTIONS: '--require x' } }),
      }),
    ).toEqual({ transport: 'stdio', command: 'sh', args: ['-c', 'x'], cwd: '/w' });
    expect(recordedTarget({ session: session({ transport: 'http', url: 'http://h/mcp', headers: { a: 'b' }, bearerToken: 't' }) })).toEqual(
      { transport: 'http', url: 'http://h/mcp' },
    );
    expect(recordedTarget({ session: session({ transport: 'http', url: 'file:///etc/passwd' }) })).toBeUndefined();
    expect(recordedTarget({ session: session(undefined) })).toBeUndefined();
  });
});
