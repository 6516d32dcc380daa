import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FrameEvent, ServerSpan, SessionEvent, SpanEvent } from '../events.js';
import { formatTraceparent } from '../otel/trace-context.js';
import { Linter } from './linter.js';
import { RULE_CATALOGUE } from './rules.js';
import { SPAN_RULES } from './telemetry-rules.js';

const PAGE = resolve(dirname(fileURLToPath(import.meta.url)), '../../spec/otel-semconv/v1.41.1/gen-ai/mcp.md');

/** As spec-quotes.test.ts reads a page: badges and link targets dropped, emphasis gone, whitespace collapsed. */
const readable = (md: string) =>
  md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\|\s*\|/g, '|')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ');
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');

describe('the telemetry rules quote the vendored OpenTelemetry MCP conventions', () => {
  const markdown = readFileSync(PAGE, 'utf8');
  const text = readable(markdown);
  const anchors = [...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
  for (const rule of SPAN_RULES) {
    it(`${rule.id}: a warning resting on ${rule.spec}`, () => {
      expect(rule.severity).toBe('warning');
      expect(text).toContain(rule.quote);
      expect(anchors).toContain(rule.spec.split('#')[1]);
      expect(RULE_CATALOGUE.some((r) => r.id === rule.id && r.quote === rule.quote)).toBe(true);
    });
  }
});

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const OURS = 'aaaaaaaaaaaaaaaa';
let seq = 0;
const frame = (dir: 'in' | 'out', t: number, msg: Record<string, unknown>): FrameEvent => ({
  type: 'frame',
  seq: ++seq,
  t,
  sessionId: 's',
  dir,
  size: 1,
  msg: { jsonrpc: '2.0', ...msg },
});
const span = (s: Partial<ServerSpan>): SpanEvent => ({
  type: 'span',
  seq: ++seq,
  t: 0,
  sessionId: 's',
  span: {
    traceId: T,
    spanId: 'bbbbbbbbbbbbbbbb',
    parentSpanId: OURS,
    name: 'tools/call echo',
    kind: 'server',
    start: 10,
    end: 20,
    attributes: [
      { key: 'mcp.method.name', value: 'tools/call' },
      { key: 'jsonrpc.request.id', value: '7' },
    ],
    ...s,
  },
});

/** A session that sent tools/call id 7 with trace context, answered at t=30 with `answer`. */
function linted(answer: Record<string, unknown>, spans: SpanEvent[]): string[] {
  const linter = new Linter();
  const events: SessionEvent[] = [
    frame('out', 0, {
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
    frame('in', 1, {
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
    }),
    frame('out', 2, { method: 'notifications/initialized' }),
    frame('out', 10, {
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: {}, _meta: { traceparent: formatTraceparent(T, OURS) } },
    }),
    frame('in', 30, { id: 7, ...answer }),
    ...spans,
  ];
  return events.flatMap((e) => (e.type === 'span' ? linter.observe(e).map((f) => `${f.rule}: ${f.message}`) : (linter.observe(e), [])));
}

describe('findings on server spans that claim the conventions', () => {
  it('a span that keeps the conventions gets none', () => {
    expect(linted({ result: { content: [] } }, [span({})])).toEqual([]);
  });

  it('names the Required attribute missing, a name not after the method, the wrong kind', () => {
    const found = linted({ result: { content: [] } }, [
      span({ attributes: [], name: 'tools/call echo' }),
      span({ name: 'handle-echo', attributes: [{ key: 'mcp.method.name', value: 'tools/call' }] }),
      span({ kind: 'internal' }),
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^otel-mcp-method-name: span "tools\/call echo" is named after tools\/call but has no mcp\.method\.name/),
      expect.stringMatching(/^otel-mcp-span-name: span "handle-echo"/),
      expect.stringMatching(/^otel-mcp-span-kind: .*its kind is INTERNAL/),
    ]);
  });

  it('a jsonrpc.request.id never sent, or not the one of the request it continues', () => {
    expect(
      linted({ result: {} }, [
        span({
          attributes: [
            { key: 'mcp.method.name', value: 'tools/call' },
            { key: 'jsonrpc.request.id', value: '99' },
          ],
        }),
      ]),
    ).toEqual([expect.stringMatching(/^otel-jsonrpc-request-id: .*"99", an id mcpscope never sent/)]);
    // Another trace than mcpscope's: not claimed to be about our requests.
    expect(
      linted({ result: {} }, [
        span({
          traceId: 'f'.repeat(32),
          parentSpanId: 'cccccccccccccccc',
          attributes: [
            { key: 'mcp.method.name', value: 'tools/call' },
            { key: 'jsonrpc.request.id', value: '99' },
          ],
        }),
      ]),
    ).toEqual([]);
  });

  it('a server span that outlives the answer by far', () => {
    expect(linted({ result: {} }, [span({ end: 30 + 1000 })])).toEqual([]);
    expect(linted({ result: {} }, [span({ end: 30 + 5000 })])).toEqual([
      expect.stringMatching(/^otel-mcp-server-span-duration: .*ends 5000 ms after/),
    ]);
  });

  it('error.type missing on a JSON-RPC error or an isError result', () => {
    expect(linted({ error: { code: -32602, message: 'bad' } }, [span({})])).toEqual([
      expect.stringMatching(/^otel-mcp-error-type: .*JSON-RPC error -32602/),
    ]);
    expect(linted({ result: { isError: true, content: [] } }, [span({})])).toEqual([
      expect.stringMatching(/^otel-mcp-error-type: .*"tool_error"/),
    ]);
    expect(
      linted({ error: { code: -32602, message: 'bad' } }, [
        span({
          attributes: [
            { key: 'mcp.method.name', value: 'tools/call' },
            { key: 'jsonrpc.request.id', value: '7' },
            { key: 'error.type', value: '-32602' },
          ],
        }),
      ]),
    ).toEqual([]);
  });

  it('a span that does not claim MCP is left alone', () => {
    expect(
      linted({ error: { code: -1, message: 'x' } }, [
        span({ parentSpanId: 'cccccccccccccccc', name: 'db.query', kind: 'client', attributes: [] }),
      ]),
    ).toEqual([]);
  });
});
