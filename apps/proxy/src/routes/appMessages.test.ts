import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lintTraceFile, readTraceFile, type EngineMessage } from '@mcpscope/engine';
import { parseFrameFilter, frameText, type FrameEvent } from '@mcpscope/protocol';
import { ApiErrorSchema, ORIGIN_HEADER, SessionInfoSchema, TraceListSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, nextEngineMessage, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-app-messages-'));
  h = await makeApp({}, { stopGraceMs: 200, tracesDir: dir });
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method, url: `/api${url}`, headers: { ...AUTH, ...headers }, ...(payload ? { payload } : {}) });
const open = async () => SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig('legacy') })).json().session).id;
const appFrames = async (id: string) =>
  ((await api('GET', `/sessions/${id}/events`)).json().events as FrameEvent[]).filter((e) => e.type === 'frame' && e.channel === 'app');
const post = (id: string, body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/app-messages`,
    headers: { ...AUTH, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const URI = 'ui://demo/app.html';
const VIEW = 'view_1';
const handshake = [
  {
    dir: 'in',
    msg: {
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/initialize',
      params: { protocolVersion: '2026-01-26', appInfo: { name: 'a', version: '1' }, appCapabilities: {} },
    },
  },
  {
    dir: 'out',
    msg: {
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2026-01-26',
        hostCapabilities: {},
        hostInfo: { name: 'mcpscope', version: '0.1.0' },
        hostContext: { availableDisplayModes: ['inline'] },
      },
    },
  },
  { dir: 'in', msg: { jsonrpc: '2.0', method: 'ui/notifications/initialized' } },
];

describe('POST /api/sessions/:id/app-messages', () => {
  it('204: each message is an app-channel frame of the session (seq, pairing, lint, /ws, trace), and `mcpscope lint` runs the app rules on the trace', async () => {
    const id = await open();
    await api('POST', `/sessions/${id}/requests`, { method: 'tools/list' });
    const streamed = nextEngineMessage(h.engine, (m: EngineMessage) => m.type === 'frame' && (m as FrameEvent).channel === 'app');
    const reply = await post(id, {
      view: VIEW,
      uri: URI,
      messages: [
        ...handshake,
        { dir: 'in', msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } } },
        { dir: 'in', msg: { jsonrpc: '2.0', id: 3, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } } },
      ],
    });
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    expect(await streamed).toMatchObject({ channel: 'app', app: { uri: URI, view: VIEW }, dir: 'in', msg: { method: 'ui/initialize' } });

    const frames = await appFrames(id);
    expect(frames.map((f) => [f.dir, f.msg?.method ?? 'answer'])).toEqual([
      ['in', 'ui/initialize'],
      ['out', 'answer'],
      ['in', 'ui/notifications/initialized'],
      ['in', 'tools/call'],
      ['in', 'ui/request-display-mode'],
    ]);
    for (const f of frames) expect(f).toMatchObject({ channel: 'app', app: { uri: URI, view: VIEW } });
    expect(frames[1]!.pair).toMatchObject({ requestSeq: frames[0]!.seq, method: 'ui/initialize' });
    expect(frames.map((f) => (f.findings ?? []).map((x) => x.rule))).toEqual([
      [],
      [],
      [],
      ['app-tool-not-callable'],
      ['app-display-mode-undeclared'],
    ]);
    expect(frames.every((f, i) => i === 0 || f.seq === frames[i - 1]!.seq + 1)).toBe(true);

    // The app's request for the server goes as an ordinary request, its origin naming the app.
    const called = await api(
      'POST',
      `/sessions/${id}/requests`,
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
      { [ORIGIN_HEADER]: `app: ${URI}` },
    );
    expect(called.statusCode).toBe(200);
    const all = (await api('GET', `/sessions/${id}/events`)).json().events as FrameEvent[];
    const byApp = all.filter((f) => f.type === 'frame' && parseFrameFilter('origin:app channel:server').test(f, () => frameText(f)));
    expect(byApp.map((f) => [f.msg?.method, f.origin])).toEqual([['tools/call', { by: 'user', reason: `app: ${URI}` }]]);

    // Closed: the trace is finished; a late message is 409, not recorded.
    await h.engine.close(id);
    const late = await post(id, {
      view: VIEW,
      uri: URI,
      messages: [{ dir: 'in', msg: { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 1, height: 1 } } }],
    });
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');

    const file = join(dir, readdirSync(dir).find((n) => n.endsWith('.ndjson'))!);
    const trace = await readTraceFile(file);
    const recorded = trace.events.filter((e): e is FrameEvent => e.type === 'frame' && e.channel === 'app');
    expect(recorded.map((f) => [f.app, f.msg?.method ?? 'answer'])).toEqual(
      frames.map((f) => [{ uri: URI, view: VIEW }, f.msg?.method ?? 'answer']),
    );
    const report = await lintTraceFile(file);
    const appFindings = report.findings.filter((f) => f.rule.startsWith('app-')).map((f) => [f.rule, f.severity]);
    expect(appFindings).toEqual([
      ['app-tool-not-callable', 'warning'],
      ['app-display-mode-undeclared', 'error'],
    ]);

    // Opened offline, the trace shows the conversation; it takes no new messages (409).
    const { traces } = TraceListSchema.parse((await api('GET', '/traces')).json());
    const opened = SessionInfoSchema.parse((await api('POST', `/traces/${traces[0]!.id}/open`)).json().session);
    expect((await appFrames(opened.id)).map((f) => f.msg?.method ?? 'answer')).toEqual(frames.map((f) => f.msg?.method ?? 'answer'));
    const offline = await post(opened.id, { view: VIEW, uri: URI, messages: handshake });
    expect(offline.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(offline.json()).error.code).toBe('MCPSCOPE_ERR_OFFLINE');
  });

  it('a hostile message (deep, huge, not an object, __proto__ keys) fails only its own frame', async () => {
    let deep: unknown = { end: true };
    for (let i = 0; i < 300; i++) deep = { a: deep };
    const id = await open();
    const protoText =
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"level":"info","data":"x"}}';
    const huge = {
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { content: [{ type: 'text', text: 'z'.repeat(5 * 1024 * 1024) }] },
    };
    const body = `{"view":"${VIEW}","uri":"${URI}","messages":[${[
      JSON.stringify(handshake[0]),
      JSON.stringify({ dir: 'in', msg: deep }),
      JSON.stringify({ dir: 'in', msg: 'just a string' }),
      JSON.stringify({ dir: 'in', msg: [1, 2, 3] }),
      JSON.stringify({ dir: 'in', msg: null }),
      `{"dir":"in","msg":${protoText}}`,
      JSON.stringify({ dir: 'out', msg: huge }),
      JSON.stringify(handshake[1]),
    ].join(',')}]}`;
    const reply = await post(id, body);
    expect(reply.statusCode, reply.body.slice(0, 2000)).toBe(204);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();

    const frames = await appFrames(id);
    expect(frames).toHaveLength(8);
    const refused = (f: FrameEvent) => f.findings?.some((x) => x.rule === 'app-message-refused') === true;
    expect(frames.map(refused)).toEqual([false, true, true, true, true, false, true, false]);
    expect(frames[1]!.findings![0]!.message).toMatch(/deeper than 256/);
    expect(frames[2]!.raw).toBe('just a string');
    expect(frames[3]!.findings![0]!.message).toMatch(/an array, not a JSON object/);
    expect(frames[4]!.raw).toBe('null');
    // The __proto__ / constructor keys are data, shown as sent.
    expect(frames[5]!.msg).toMatchObject({ method: 'notifications/message' });
    expect(frameText(frames[5]!)).toContain('"__proto__":{"polluted":true}');
    expect(frames[6]!.size).toBeGreaterThan(5 * 1024 * 1024);
    expect(frames[6]!.raw!.length).toBeLessThan(1024 * 1024 + 200);
    expect(frames[6]!.findings![0]!.message).toMatch(/over mcpscope's cap/);
    // Pairing and the handshake went on around them.
    expect(frames[7]!.pair).toMatchObject({ requestSeq: frames[0]!.seq, method: 'ui/initialize' });
  });

  it('400 for a body of another shape, 404 for an unknown session', async () => {
    const id = await open();
    const ok = { view: VIEW, uri: URI, messages: handshake };
    const bad: unknown[] = [
      { ...ok, view: 'has space' },
      { ...ok, view: 'v'.repeat(65) },
      { ...ok, view: '' },
      { ...ok, uri: '' },
      { ...ok, uri: `ui://${'x'.repeat(2048)}` },
      { ...ok, messages: [] },
      { ...ok, messages: Array.from({ length: 501 }, () => handshake[2]) },
      { ...ok, messages: [{ dir: 'sideways', msg: {} }] },
      { ...ok, messages: [{ dir: 'in' }] },
      { view: VIEW, uri: URI },
      [],
      'not json at all {',
      '',
    ];
    for (const body of bad) {
      const reply = await post(id, body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(ApiErrorSchema.parse(reply.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    }
    expect(await appFrames(id)).toEqual([]);
    const missing = await post('nope', ok);
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).error.code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    // Like every /api route: no token, no entry.
    const anonymous = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/app-messages`,
      headers: { host: AUTH.host, 'content-type': 'application/json' },
      payload: JSON.stringify(ok),
    });
    expect(anonymous.statusCode).toBe(401);
    // Other routes still refuse __proto__ keys in their own bodies.
    const other = await h.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/requests`,
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: '{"method":"tools/list","__proto__":{"x":1}}',
    });
    expect(other.statusCode).toBe(400);
  });
});
