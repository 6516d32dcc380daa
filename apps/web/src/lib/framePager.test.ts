import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api';
import { FramePager } from './framePager';
import { syntheticFrames } from './testFrames';
import { createTracesApi } from './tracesApi';

const all = syntheticFrames(3000);
const requests: string[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  // A real HTTP peer answering the two frame routes of the proxy (wire FramesReply / FrameSearchReply).
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    requests.push(url.pathname + url.search);
    res.setHeader('content-type', 'application/json');
    if (url.pathname.endsWith('/frames/search')) {
      const before = Number(url.searchParams.get('before') ?? all.length);
      const method = url.searchParams.get('method');
      const hits = all.map((frame, index) => ({ index, frame })).filter((m) => m.index < before && m.frame.msg?.method === method);
      const limit = Number(url.searchParams.get('limit'));
      res.end(JSON.stringify({ matches: hits.slice(-limit), truncated: hits.length > limit, total: hits.length }));
      return;
    }
    const index = Number(url.searchParams.get('index'));
    const limit = Number(url.searchParams.get('limit'));
    res.end(JSON.stringify({ frames: all.slice(index, index + limit), total: all.length }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const changed = (pager: FramePager) =>
  new Promise<void>((resolve) => {
    const off = pager.subscribe(() => (off(), resolve()));
  });

describe('FramePager', () => {
  it('reads pages of 500 by ordinal from a real server, one fetch per page, and notifies', async () => {
    requests.length = 0;
    const traces = createTracesApi(createApiClient({ token: 't', baseUrl }));
    const pager = new FramePager((index, limit) => traces.frames('s1', index, limit));
    expect(pager.get(1234)).toBeUndefined();
    expect(pager.get(1499)).toBeUndefined(); // same page: no second request
    await changed(pager);
    expect(requests).toEqual(['/api/sessions/s1/frames?index=1000&limit=500']);
    expect(pager.get(1234)).toEqual(all[1234]);
    expect(pager.bySeq(all[1400].seq)).toEqual(all[1400]);
    expect(pager.indexOfSeq(all[1400].seq)).toBe(1400);
    const req = all.slice(1000, 1500).find((f) => f.dir === 'out' && all.some((g) => g.pair?.requestSeq === f.seq));
    if (req) expect(pager.responseTo(req.seq)?.pair?.requestSeq).toBe(req.seq);
    expect(pager.version).toBe(1);
  });

  it('keeps at most 10 pages, least recently used out first', async () => {
    const pager = new FramePager(async (index, limit) => ({ frames: all.slice(index, index + limit) }), 100, 10);
    for (let p = 0; p < 12; p++) {
      pager.get(p * 100);
      await changed(pager);
      pager.get(0); // page 0 stays recently used
    }
    expect(pager.get(0)).toEqual(all[0]);
    expect(pager.get(1100)).toEqual(all[1100]);
    expect(pager.get(100)).toBeUndefined(); // evicted
    expect(pager.get(200)).toBeUndefined();
  });

  it('retries a failed page later instead of hammering', async () => {
    let calls = 0;
    let now = 0;
    const pager = new FramePager(
      async () => {
        calls++;
        throw new Error('disk gone');
      },
      500,
      10,
      () => now,
    );
    pager.get(0);
    await changed(pager);
    expect(pager.failed(0)).toBe(true);
    pager.get(0);
    expect(calls).toBe(1);
    now = 5000;
    pager.get(0);
    expect(calls).toBe(2);
  });

  it('searches older frames through the traces API', async () => {
    const traces = createTracesApi(createApiClient({ token: 't', baseUrl }));
    const reply = await traces.searchFrames('s1', { method: 'tools/call', before: 2000, limit: 50 });
    expect(reply.matches).toHaveLength(50);
    expect(reply.truncated).toBe(true);
    expect(reply.total).toBe(all.slice(0, 2000).filter((f) => f.msg?.method === 'tools/call').length);
    expect(requests.at(-1)).toBe('/api/sessions/s1/frames/search?limit=50&method=tools%2Fcall&before=2000');
    expect(reply.matches[49].index).toBeLessThan(2000);
    expect(reply.matches[0].frame).toEqual(all[reply.matches[0].index]);
  });
});
