import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { Engine } from '@mcpscope/engine';
import { ApiErrorSchema, ReplayReportSchema, TraceListSchema, TraceUploadReplySchema } from '@mcpscope/wire';
import { buildApp } from '../app.js';
import { AUTH, PORT, TOKEN } from '../../test-fixtures/harness.js';

// A trace file is untrusted. Replaying one never starts what it recorded or applies
// its env; a hostile header or a line nested too deep gets a 4xx or a skipped-line warning, never a 500.

let app: FastifyInstance;
let engine: Engine;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-proxy-hostile-'));
  engine = new Engine({ stopGraceMs: 200, tracesDir: join(dir, 'traces') });
  app = await buildApp({ engine, token: TOKEN, host: '127.0.0.1', port: PORT });
});
afterEach(async () => {
  await app.close();
  await engine.closeAll();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const upload = (payload: string) =>
  app.inject({ method: 'POST', url: '/api/traces', headers: { ...AUTH, 'content-type': 'application/x-ndjson' }, payload });

function traceText(config: unknown, createdAt: unknown = '"2024-01-01T00:00:00.000Z"', extra: string[] = []): string {
  const header = `{"type":"header","format":"mcpscope-trace","version":1,"createdAt":${createdAt},"tool":{"name":"mcpscope","version":"0.1.0"},"session":{"id":"s1","name":"crafted","transport":"stdio","target":"node server.js"${config === undefined ? '' : `,"config":${JSON.stringify(config)}`}}}`;
  const frame = (seq: number, dir: string, msg: object) =>
    JSON.stringify({ seq, t: seq, sessionId: 's1', type: 'frame', dir, msg, size: 10 });
  const call = { name: 'echo', arguments: { message: 'hi' } };
  const lines = [
    header,
    frame(1, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
    frame(2, 'in', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } }),
    ...extra,
  ];
  return `${lines.join('\n')}\n`;
}

async function uploaded(text: string): Promise<string> {
  const reply = await upload(text);
  expect(reply.statusCode).toBe(201);
  return TraceUploadReplySchema.parse(reply.json()).trace.id;
}

describe('replaying a crafted trace', () => {
  it('refuses to replay without the target in the body (4xx) and so never runs the recorded command', async () => {
    const marker = join(dir, 'ran-sh');
    const id = await uploaded(traceText({ transport: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] }));
    const listed = TraceListSchema.parse((await api('GET', '/traces')).json()).traces[0]!;
    // The listing shows what would run (to prefill the dialog), not just the trace's label.
    expect(listed.recorded).toEqual({ transport: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] });

    for (const body of [{}, { ignore: [] }, { config: null }]) {
      const reply = await api('POST', `/traces/${id}/replay`, body);
      expect(reply.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(reply.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('never applies the env a trace records (NODE_OPTIONS=--require <hook>), nor lists it', async () => {
    const marker = join(dir, 'hook-ran');
    const hook = join(dir, 'hook.cjs');
    writeFileSync(hook, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\n`);
    const config = {
      transport: 'stdio',
      command: process.execPath,
      args: [demoStdioEntry()],
      era: 'legacy',
      env: { NODE_OPTIONS: `--require ${hook}` },
    };
    const id = await uploaded(traceText(config));
    const { recorded } = TraceListSchema.parse((await api('GET', '/traces')).json()).traces[0]!;
    expect(recorded).toEqual({ transport: 'stdio', command: process.execPath, args: [demoStdioEntry()], era: 'legacy' });

    // What the UI sends after the user confirms the prefilled dialog: the recorded target, no env.
    const reply = await api('POST', `/traces/${id}/replay`, { config: recorded });
    expect(reply.statusCode).toBe(200);
    expect(ReplayReportSchema.parse(reply.json()).passed).toBe(true);
    expect(existsSync(marker)).toBe(false);
  }, 30_000);
});

describe('hostile trace files', () => {
  it('answers 422 with the reason for an invalid createdAt (a word, 1e400, a number), not 500', async () => {
    for (const createdAt of ['"yesterday"', '1e400', '12', '"2024-13-45T99:00:00Z"']) {
      const reply = await upload(traceText(undefined, createdAt));
      expect(reply.statusCode, createdAt).toBe(422);
      expect(ApiErrorSchema.parse(reply.json()).error).toMatchObject({
        code: 'MCPSCOPE_ERR_BAD_TRACE',
        message: expect.stringMatching(/createdAt/),
      });
    }
    const deepHeader = upload(`{"type":"header","x":${'['.repeat(5000)}${']'.repeat(5000)}}\n`);
    expect((await deepHeader).statusCode).toBe(422);
    expect((await deepHeader).json().error.message).toMatch(/nested deeper than 256 levels/);
  });

  it('skips an event nested deeper than MAX_JSON_DEPTH with a warning; open and compare stay 2xx', async () => {
    const deep = `{"seq":3,"t":3,"sessionId":"s1","type":"frame","dir":"in","size":1,"msg":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const reply = await upload(traceText(undefined, undefined, [deep]));
    expect(reply.statusCode).toBe(201);
    const stored = TraceUploadReplySchema.parse(reply.json());
    expect(stored.warnings).toEqual(['line 4: nested deeper than 256 levels, skipped']);
    const opened = await api('POST', `/traces/${stored.trace.id}/open`);
    expect(opened.statusCode).toBe(201);
    const sessionId = opened.json().session.id as string;
    expect(((await api('GET', `/sessions/${sessionId}/events`)).json().events as Array<{ seq: number }>).map((e) => e.seq)).toEqual([1, 2]);
    const compared = await api('POST', '/compare', { left: { traceId: stored.trace.id }, right: { sessionId } });
    expect(compared.statusCode).toBe(200);
  });

  it('refuses an ingested line nested too deep with 400 and the reason', async () => {
    const opened = await api('POST', '/sessions/ingest', { name: 'w', transport: 'stdio', target: 'x' });
    const id = opened.json().session.id as string;
    const line = `{"seq":1,"t":0,"sessionId":"s","type":"frame","dir":"in","size":1,"msg":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}\n`;
    const reply = await app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/ingest`,
      headers: { ...AUTH, 'content-type': 'application/x-ndjson' },
      payload: line,
    });
    expect(reply.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(reply.json()).error.message).toMatch(/nested deeper than 256 levels/);
    expect((await api('GET', `/sessions/${id}/events`)).json().events).toEqual([]);
  });
});

describe('every listed trace opens and downloads', () => {
  it('an upload with a long session name and id, a long file dropped in the folder, and a file name no route can carry', async () => {
    const long = traceText(undefined).replace('"id":"s1","name":"crafted"', `"id":"${'i'.repeat(90)}","name":"${'n'.repeat(90)}"`);
    const uploadedId = await uploaded(long);
    expect(uploadedId.length).toBeGreaterThan(100);
    writeFileSync(join(dir, 'traces', `${'d'.repeat(240)}.ndjson`), traceText(undefined));
    // Not an id the routes take (a space, a quote): it must not be listed as if it could be opened.
    writeFileSync(join(dir, 'traces', 'my "trace" 1.ndjson'), traceText(undefined));

    const { traces } = TraceListSchema.parse((await api('GET', '/traces')).json());
    expect(traces.map((t) => t.id)).toContain(uploadedId);
    expect(traces.some((t) => t.id.length > 200)).toBe(true);
    for (const t of traces) {
      const download = await api('GET', `/traces/${encodeURIComponent(t.id)}`);
      expect(download.statusCode, `download ${t.id}`).toBe(200);
      expect(download.body.split('\n')[0]).toContain('"type":"header"');
      const open = await api('POST', `/traces/${encodeURIComponent(t.id)}/open`);
      expect(open.statusCode, `open ${t.id}`).toBe(201);
    }
  });
});
