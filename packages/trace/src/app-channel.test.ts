import { describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { parseEvent } from './event-schema.js';
import { parseTrace } from './reader.js';
import { TraceWriter } from './writer.js';

/** An MCP App view's conversation is written to a trace and read back on its channel. */
const meta = {
  createdAt: '2026-01-02T03:04:05.000Z',
  tool: { name: 'mcpscope', version: '0.1.0' },
  session: { id: 's1', name: 'demo', transport: 'stdio', target: 'node server.js' },
};
const app = { uri: 'ui://get-time/app.html', view: 'view_1-A' };
const events: SessionEvent[] = [
  {
    type: 'frame',
    seq: 1,
    t: 1,
    sessionId: 's1',
    dir: 'out',
    msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get-time' } },
    size: 60,
    origin: { by: 'user', reason: 'app: ui://get-time/app.html' },
  },
  {
    type: 'frame',
    seq: 2,
    t: 2,
    sessionId: 's1',
    dir: 'in',
    channel: 'app',
    app,
    msg: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: {} } },
    size: 70,
  },
  {
    type: 'frame',
    seq: 3,
    t: 3,
    sessionId: 's1',
    dir: 'out',
    channel: 'app',
    app,
    msg: { jsonrpc: '2.0', id: 1, result: {} },
    size: 30,
    pair: { requestSeq: 2, method: 'ui/initialize', latencyMs: 1 },
  },
  {
    type: 'frame',
    seq: 4,
    t: 4,
    sessionId: 's1',
    dir: 'in',
    channel: 'app',
    app,
    raw: '"hello"',
    size: 7,
    findings: [{ rule: 'app-message-refused', severity: 'info', message: 'm' }],
  },
];
const frame = (extra: object) => ({
  seq: 1,
  t: 0,
  sessionId: 's',
  type: 'frame',
  dir: 'in',
  size: 2,
  msg: { jsonrpc: '2.0', method: 'ping' },
  ...extra,
});

describe('app-channel frames in a trace', () => {
  it('are written and read back with channel and app (a round trip)', () => {
    const lines: string[] = [];
    const writer = new TraceWriter({ write: (line) => lines.push(line) });
    writer.writeHeader(meta);
    for (const e of events) writer.write(e);
    const parsed = parseTrace(lines.join(''));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.events).toEqual(events);
    const first = parsed.events[0] as FrameEvent;
    expect('channel' in first || 'app' in first).toBe(false);
  });

  it('read a hostile app field as absent (the frame stays on the app channel), and refuse an unknown channel', () => {
    for (const bad of [
      { uri: 'ui://x', view: 'has space' },
      { uri: 'ui://x', view: 'v'.repeat(65) },
      { uri: `ui://${'x'.repeat(3000)}`, view: 'v' },
      { uri: '', view: 'v' },
      { uri: 7, view: 'v' },
      'ui://x',
      null,
      [],
    ]) {
      const parsed = parseEvent(frame({ channel: 'app', app: bad }));
      expect('event' in parsed, JSON.stringify(bad).slice(0, 40)).toBe(true);
      const event = (parsed as { event: FrameEvent }).event;
      expect(event.channel).toBe('app');
      expect('app' in event).toBe(false);
    }
    // An app field on a server frame means nothing: dropped.
    expect('app' in (parseEvent(frame({ app })) as { event: FrameEvent }).event).toBe(false);
    for (const channel of ['server', 'APP', 1, null]) {
      expect(parseEvent(frame({ channel, app }))).toMatchObject({ error: expect.stringMatching(/channel/) });
    }
  });
});
