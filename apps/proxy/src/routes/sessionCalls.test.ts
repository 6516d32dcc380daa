import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionInfoSchema, type SessionCallLine, type SessionCallsLine } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, ndjsonLines, outFrames as sentFrames, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const NDJSON = { ...AUTH, 'content-type': 'application/x-ndjson' };
const open = async () =>
  SessionInfoSchema.parse(
    (await h.app.inject({ method: 'POST', url: '/api/sessions', headers: AUTH, payload: { config: demoConfig('legacy') } })).json().session,
  ).id;
const text = (lines: Array<SessionCallsLine | string>) => lines.map((l) => `${typeof l === 'string' ? l : JSON.stringify(l)}\n`).join('');
const calls = async (id: string, payload: string, headers: Record<string, string> = NDJSON) => {
  const res = await h.app.inject({ method: 'POST', url: `/api/sessions/${id}/calls`, headers, payload });
  return {
    status: res.statusCode,
    lines: ndjsonLines<SessionCallLine>(res.body),
    res,
  };
};
const outFrames = (id: string, method: string) => sentFrames(h.engine, id, method);
const echo = (message: string, origin?: string): SessionCallsLine => ({
  method: 'tools/call',
  params: { name: 'echo', arguments: { message } },
  ...(origin ? { origin } : {}),
});
const resultText = (l: SessionCallLine | undefined) =>
  l?.type === 'outcome' ? (l.outcome as { result?: { content?: Array<{ text?: string }> } }).result?.content?.[0]?.text : undefined;

/** The next line of an NDJSON stream, as it arrives. */
function lineReader(stream: Readable): () => Promise<SessionCallLine> {
  let pending = '';
  const ready: string[] = [];
  const waiting: Array<(l: string) => void> = [];
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop()!;
    for (const part of parts) {
      const take = waiting.shift();
      if (take) take(part);
      else ready.push(part);
    }
  });
  return async () => JSON.parse(ready.shift() ?? (await new Promise<string>((r) => waiting.push(r)))) as SessionCallLine;
}

describe('POST /api/sessions/:id/calls (call --session --stdin in one request)', () => {
  it("runs the lines in order, each ending in its outcome, each frame stamped with its own line's origin", async () => {
    const id = await open();
    const r = await calls(id, text([echo('one', 'cli: call tools/call'), { method: 'ping', origin: 'cli: call ping' }, echo('two')]));
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toContain('application/x-ndjson');
    expect(r.lines.map((l) => l.type)).toEqual(['outcome', 'outcome', 'outcome']);
    expect(resultText(r.lines[0])).toBe('one');
    expect(resultText(r.lines[2])).toBe('two');
    const sent = outFrames(id, 'tools/call');
    expect(sent.map((f) => (f.msg?.params as { arguments: { message: string } }).arguments.message)).toEqual(['one', 'two']);
    expect(sent[0]!.origin).toEqual({ by: 'user', reason: 'cli: call tools/call' });
    expect(outFrames(id, 'ping')[0]!.origin).toEqual({ by: 'user', reason: 'cli: call ping' });
    // A line without an origin has the request's (none here: the UI's default).
    expect(sent[1]!.origin?.by).toBe('user');
  });

  it('answers a bad line with an error line and runs the next one', async () => {
    const id = await open();
    const tooLong = `{"method":"ping","params":{"x":"${'a'.repeat(4 * 1024 * 1024)}"}}`;
    const r = await calls(
      id,
      text([
        '{not json',
        echo('after-json'),
        { method: '' } as SessionCallsLine,
        tooLong,
        '{"method":"ping","__proto__":{"x":1}}',
        echo('last'),
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.lines.map((l) => (l.type === 'error' ? l.error.code : resultText(l)))).toEqual([
      'MCPSCOPE_ERR_BAD_REQUEST',
      'after-json',
      'MCPSCOPE_ERR_BAD_REQUEST',
      'MCPSCOPE_ERR_BAD_REQUEST',
      'MCPSCOPE_ERR_BAD_REQUEST',
      'last',
    ]);
    const errors = r.lines.filter((l) => l.type === 'error').map((l) => (l.type === 'error' ? l.error.message : ''));
    expect(errors[0]).toContain('line 1');
    expect(errors[2]).toContain('line 4 is longer than');
    expect(outFrames(id, 'ping')).toHaveLength(0);
  });

  it('answers each line as it runs, while the body is still being sent', { timeout: 30_000 }, async () => {
    const id = await open();
    // Over a real socket: an injected request hands its body over whole.
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as AddressInfo;
    const body = request({ host: '127.0.0.1', port, method: 'POST', path: `/api/sessions/${id}/calls`, headers: NDJSON });
    const res = new Promise<IncomingMessage>((resolve, reject) => body.on('response', resolve).on('error', reject));
    // The reply's headers go with its first line.
    body.write(text([echo('first')]));
    const next = lineReader(await res);
    expect(resultText(await next())).toBe('first');
    body.write(text([echo('second')]));
    expect(resultText(await next())).toBe('second');
    // A session that closes between two lines: the next line is refused as a single call would be.
    await h.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: AUTH });
    body.end(text([echo('third')]));
    const refused = await next();
    expect(refused).toEqual({ type: 'error', error: expect.objectContaining({ code: 'MCPSCOPE_ERR_NOT_CONNECTED' }) });
  });

  it('refuses a body that is not NDJSON, an unknown session and a closed one, before reading anything', async () => {
    const id = await open();
    const json = await calls(id, JSON.stringify(echo('x')), { ...AUTH, 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect((await calls('nope', text([echo('x')]))).status).toBe(404);
    await h.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: AUTH });
    const closed = await calls(id, text([echo('x')]));
    expect(closed.status).toBe(409);
    expect(closed.res.json().error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
  });
});
