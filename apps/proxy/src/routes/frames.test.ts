import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frameText, parseFrameFilter, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { ApiErrorSchema, FrameSearchReplySchema, FramesReplySchema, InfoSchema, SessionPageInfoSchema } from '@mcpscope/wire';
import { fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

const BUDGET = 8 * 1024;
let h: Harness;
let seen: SessionEvent[];
beforeEach(async () => {
  h = await makeApp({}, { memoryBudget: BUDGET });
  seen = [];
  h.engine.subscribe((m) => {
    if ('seq' in m && typeof m.seq === 'number') seen.push(m as SessionEvent);
  });
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A real stdio server floods `count` notifications; with an 8 KiB budget nearly all of them go to disk. */
async function flooded(count: number): Promise<{ id: string; frames: FrameEvent[] }> {
  const id = (await api('POST', '/sessions', { config: fixtureConfig() })).json().session.id as string;
  const res = await api('POST', `/sessions/${id}/messages`, {
    message: { method: 'tools/call', params: { name: 'flood', arguments: { count, size: 200 } } },
  });
  expect(res.statusCode).toBe(200);
  const frames = plain(seen.filter((e): e is FrameEvent => e.sessionId === id && e.type === 'frame'));
  return { id, frames };
}

describe('/api/sessions/:id/frames', () => {
  it('pages every frame of a live session by ordinal, from disk and memory', async () => {
    const { id, frames } = await flooded(3000);
    expect(frames.length).toBeGreaterThan(3000);
    const window = (await api('GET', `/sessions/${id}/events`)).json().events as SessionEvent[];
    expect(window.length).toBeLessThan(60);

    const first = FramesReplySchema.parse((await api('GET', `/sessions/${id}/frames?index=0&limit=5000`)).json());
    expect(first.total).toBe(frames.length);
    expect(plain(first.frames)).toEqual(frames.slice(0, 5000));
    const middle = FramesReplySchema.parse((await api('GET', `/sessions/${id}/frames?index=1234&limit=10`)).json());
    expect(middle.frames.map((f) => f.seq)).toEqual(frames.slice(1234, 1244).map((f) => f.seq));

    const events = (await api('GET', `/sessions/${id}/events?from=0&limit=50000`)).json().events as SessionEvent[];
    expect(events.map((e) => e.seq)).toEqual(seen.filter((e) => e.sessionId === id).map((e) => e.seq));

    const backlog = h.engine.backlog();
    const at = backlog.findIndex((m) => m.type === 'session' && m.session.id === id);
    const info = SessionPageInfoSchema.parse(backlog[at + 1]);
    expect(info).toMatchObject({ sessionId: id, frames: frames.length, total: events.length });
    expect(info.firstFrame).toBe(frames.length - window.filter((e) => e.type === 'frame').length);
    expect(backlog[at + 2]).toEqual(window[0]);
  });

  it('searches all frames with the filter grammar, the newest matches before `before`', async () => {
    const { id, frames } = await flooded(2000);
    const query = 'method:notifications/* flood 19 -dir:out';
    const res = FrameSearchReplySchema.parse(
      (await api('GET', `/sessions/${id}/frames/search?filter=${encodeURIComponent(query)}&before=1500&limit=5`)).json(),
    );
    const filter = parseFrameFilter(query);
    const want = frames
      .map((frame, index) => ({ frame, index }))
      .filter(({ frame, index }) => index < 1500 && filter.test(frame, () => frameText(frame)));
    expect(want.length).toBeGreaterThan(5);
    expect(res.total).toBe(want.length);
    expect(res.truncated).toBe(true);
    expect(res.matches.map((m) => m.index)).toEqual(want.slice(-5).map((m) => m.index));
    const byMethod = FrameSearchReplySchema.parse((await api('GET', `/sessions/${id}/frames/search?method=tools/call&limit=10`)).json());
    expect(byMethod).toMatchObject({ truncated: false, total: 2 }); // the request and its response (paired)
    expect(byMethod.matches[0]!.frame.msg?.method).toBe('tools/call');
  });

  it('exports every event of a session whose events are mostly on disk, and says its budget', async () => {
    const { id } = await flooded(1500);
    const res = await api('GET', `/sessions/${id}/export?format=ndjson`);
    const lines = res.body.trim().split('\n');
    expect(lines.length).toBe(1 + seen.filter((e) => e.sessionId === id).length);
    expect(JSON.parse(lines[lines.length - 1]!).seq).toBe(seen.filter((e) => e.sessionId === id).at(-1)!.seq);
    expect(InfoSchema.parse((await api('GET', '/info')).json()).memoryBudget).toBe(BUDGET);
  });

  it('answers 404 for an unknown session and 400 for a bad query', async () => {
    const missing = await api('GET', '/sessions/nope/frames?index=0');
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).error.code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    expect((await api('GET', '/sessions/nope/frames/search')).statusCode).toBe(404);
    const { id } = await flooded(1);
    for (const q of ['', 'index=-1', 'index=0&limit=0', 'index=0&limit=5001', 'index=x']) {
      const bad = await api('GET', `/sessions/${id}/frames?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(ApiErrorSchema.parse(bad.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    }
    expect((await api('GET', `/sessions/${id}/frames/search?limit=99999`)).statusCode).toBe(400);
  });
});
