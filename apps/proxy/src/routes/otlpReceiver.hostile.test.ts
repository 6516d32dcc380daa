import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { SERVER_SPAN_LIMITS, type Session } from '@mcpscope/engine';
import { OTLP_RECEIVER_PATH, OTLP_SECRET_HEADER, SPAN_CAPS, type SpanEvent } from '@mcpscope/protocol';
import { HOST, makeApp, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
let session: Session;
let secret: string;

beforeAll(async () => {
  h = await makeApp();
  h.engine.spanReceivers.url = `http://${HOST}${OTLP_RECEIVER_PATH}`;
  session = await h.engine.open({ transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], env: {}, era: 'legacy' });
  session.otel.collectServerSpans();
  secret = h.engine.spanReceivers.secretFor(session.id);
}, 60_000);
afterAll(async () => h.close());

const spans = () => session.events().filter((e): e is SpanEvent => e.type === 'span');
const now = () => String(BigInt(Date.now()) * 1_000_000n);
const span = (i: number, extra: Record<string, unknown> = {}) => ({
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: (i + 1).toString(16).padStart(16, '0'),
  name: `s${i}`,
  kind: 1,
  startTimeUnixNano: now(),
  endTimeUnixNano: now(),
  ...extra,
});
const exportOf = (list: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans: list }] }] });

function post(payload: string | Buffer, headers: Record<string, string> = {}, remoteAddress?: string) {
  return h.app.inject({
    method: 'POST',
    url: OTLP_RECEIVER_PATH,
    headers: { host: HOST, 'content-type': 'application/json', [OTLP_SECRET_HEADER]: secret, ...headers },
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('a hostile OTLP sender', () => {
  it("without the session's secret, or with the UI token, or from another machine, adds nothing", async () => {
    const body = JSON.stringify(exportOf([span(1)]));
    const before = spans().length;
    expect((await post(body, { [OTLP_SECRET_HEADER]: '' })).statusCode).toBe(401);
    expect((await post(body, { [OTLP_SECRET_HEADER]: 'x'.repeat(10_000) })).statusCode).toBe(401);
    expect((await post(body, { [OTLP_SECRET_HEADER]: secret.slice(0, -1) })).statusCode).toBe(401);
    expect(
      (
        await post(body, {
          [OTLP_SECRET_HEADER]: 'test-token-0123456789abcdefghijklmnopqrstuvw',
          authorization: 'Bearer test-token-0123456789abcdefghijklmnopqrstuvw',
        })
      ).statusCode,
    ).toBe(401);
    expect((await post(body, {}, '10.0.0.8')).statusCode).toBe(403);
    // Another site's page cannot even get there (Host and Origin guard, as every path).
    expect((await post(body, { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect(spans().length).toBe(before);
  });

  it('malformed bodies get a clean 4xx', async () => {
    expect((await post('{"resourceSpans": [', {})).statusCode).toBe(400);
    expect((await post(Buffer.from([0xff, 0xff, 0xff, 0x0f, 0x0a]), { 'content-type': 'application/x-protobuf' })).statusCode).toBe(400);
    expect((await post('x', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect((await post('x', { 'content-encoding': 'br' })).statusCode).toBe(415);
    expect((await post(Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).statusCode).toBe(400);
    // JSON nested past the receiver's depth is refused before it is parsed.
    expect((await post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).statusCode).toBe(400);
    const junk = await post(
      JSON.stringify({ resourceSpans: [null, 1, { scopeSpans: 'x' }, { scopeSpans: [{ spans: [null, 'x', { name: 1 }] }] }] }),
    );
    expect(junk.statusCode).toBe(200);
    expect(junk.json()).toEqual({ partialSuccess: { rejectedSpans: '3', errorMessage: expect.any(String) } });
  });

  it('a huge body or a gzip bomb is refused at the size limit', async () => {
    expect((await post(Buffer.alloc(5 * 1024 * 1024, 0x20))).statusCode).toBe(413);
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await post(bomb, { 'content-encoding': 'gzip' });
    expect(res.statusCode).toBe(413);
  });

  it('huge and deep attributes are capped, and keys such as __proto__ stay data', async () => {
    let deep: unknown = { stringValue: 'bottom' };
    // 12 levels (48 of JSON): within the receiver's depth limit, past what a span keeps.
    for (let i = 0; i < 12; i++) deep = { kvlistValue: { values: [{ key: '__proto__', value: deep }] } };
    const attributes = [
      { key: 'deep', value: deep },
      ...Array.from({ length: 500 }, (_, i) => ({ key: `k${i}`.repeat(100), value: { stringValue: 'v'.repeat(5_000) } })),
    ];
    const res = await post(
      JSON.stringify(
        exportOf([
          span(7, {
            name: 'n'.repeat(100_000),
            attributes,
            events: Array.from({ length: 1000 }, () => ({ name: 'e', timeUnixNano: now() })),
          }),
        ]),
      ),
    );
    expect(res.statusCode).toBe(200);
    const kept = spans().at(-1)!.span;
    expect(kept.name.length).toBeLessThanOrEqual(SPAN_CAPS.name + 1);
    expect(kept.attributes).toHaveLength(SPAN_CAPS.attributes);
    for (const a of kept.attributes) {
      expect(a.key.length).toBeLessThanOrEqual(SPAN_CAPS.key + 1);
      expect(JSON.stringify(a.value).length).toBeLessThan(SPAN_CAPS.string + 100);
    }
    expect(JSON.stringify(kept.attributes[0]!.value)).toContain('[nested too deep]');
    expect(kept.events).toHaveLength(SPAN_CAPS.events);
    expect(({} as Record<string, unknown>).bottom).toBeUndefined();
  });

  it('a flood is turned away at the rate limit with Retry-After, the session keeps a bounded number of spans and goes on', async () => {
    const batch = JSON.stringify(exportOf(Array.from({ length: SERVER_SPAN_LIMITS.perRequest + 500 }, (_, i) => span(i))));
    let limited = 0;
    let retryAfter: string | undefined;
    // Bounded: more than the session keeps, sent as fast as the receiver answers.
    for (let i = 0; i < 40; i++) {
      const res = await post(batch);
      if (res.statusCode === 429) {
        limited++;
        retryAfter ??= res.headers['retry-after'] as string;
      } else expect(res.statusCode).toBe(200);
    }
    expect(limited).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(spans().length).toBeLessThanOrEqual(SERVER_SPAN_LIMITS.perSession);
    // The session itself is untouched.
    const out = await session.request('tools/call', { name: 'echo', arguments: { message: 'still here' } });
    expect(out.outcome).toBe('result');
  });

  it('a session that ended takes no more spans', async () => {
    await h.engine.close(session.id);
    const res = await post(JSON.stringify(exportOf([span(1)])));
    expect(res.statusCode).toBe(409);
  });
});
