import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import type { OpenOptions } from './types.js';
import { demoConfig, ERAS, framesOf, until } from '../../test-fixtures/demo.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

function open(era: 'legacy' | 'modern', opts: OpenOptions = { watchListChanges: false }) {
  engine = new Engine({ stopGraceMs: 200 });
  return engine.open(demoConfig(era, { DEMO_CLOCK_INTERVAL_MS: '30' }), opts);
}

const ALL_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical'];
const logLevels = (session: Awaited<ReturnType<typeof open>>) =>
  framesOf(session.events(), 'in', 'notifications/message').map((f) => (f.msg?.params as { level: string }).level);

describe.each(ERAS)('notifications (%s era)', (era) => {
  it('log level: logging/setLevel on the legacy era, the per-request _meta on 2026-07-28', async () => {
    const session = await open(era);
    if (era === 'modern') {
      // Without the _meta field the server MUST NOT log (2026-07-28/server/utilities/logging).
      await session.request('tools/call', { name: 'emit_logs', arguments: { levels: ALL_LEVELS } });
      expect(logLevels(session)).toEqual([]);
    }
    await session.setLogLevel('warning');
    expect(session.info().logLevel).toBe('warning');
    expect(framesOf(session.events(), 'out', 'logging/setLevel')).toHaveLength(era === 'legacy' ? 1 : 0);
    await session.request('tools/call', { name: 'emit_logs', arguments: { levels: ALL_LEVELS } });
    expect(logLevels(session)).toEqual(['warning', 'error', 'critical']);
    const call = framesOf(session.events(), 'out', 'tools/call').pop()!;
    const meta = (call.msg?.params as { _meta?: Record<string, unknown> })._meta ?? {};
    expect(meta['io.modelcontextprotocol/logLevel']).toBe(era === 'modern' ? 'warning' : undefined);
    // The raw path carries it as well.
    await session.send({ method: 'tools/call', params: { name: 'emit_logs', arguments: { levels: ['debug', 'alert'] } } });
    expect(logLevels(session).slice(3)).toEqual(['alert']);
  });

  it('subscribe → notifications/resources/updated frames; unsubscribe stops them', async () => {
    const session = await open(era);
    await session.subscribe('demo://clock');
    expect(session.info().subscriptions).toEqual(['demo://clock']);
    const updates = () => framesOf(session.events(), 'in', 'notifications/resources/updated');
    await until(engine, () => updates().length >= 2);
    expect(updates()[0].msg?.params).toMatchObject({ uri: 'demo://clock' });
    if (era === 'legacy') {
      expect(framesOf(session.events(), 'out', 'resources/subscribe')[0].msg?.params).toEqual({ uri: 'demo://clock' });
    } else {
      const [listen] = framesOf(session.events(), 'out', 'subscriptions/listen');
      expect(listen.msg?.params).toMatchObject({ notifications: { resourceSubscriptions: ['demo://clock'] } });
      const meta = (updates()[0].msg?.params as { _meta: Record<string, unknown> })._meta;
      expect(meta['io.modelcontextprotocol/subscriptionId']).toBe(listen.msg?.id);
    }
    expect(await session.unsubscribe('demo://clock')).toBe(true);
    expect(session.info().subscriptions).toEqual([]);
    expect(await session.unsubscribe('demo://clock')).toBe(false);
    const stop = era === 'legacy' ? 'resources/unsubscribe' : 'notifications/cancelled';
    expect(framesOf(session.events(), 'out', stop)).toHaveLength(1);
  });

  it('a tool list change reaches the frame log (2026-07-28: through the list-change listen stream the user opted in to)', async () => {
    const session = await open(era, { watchListChanges: true });
    if (era === 'modern') {
      await until(engine, () => framesOf(session.events(), 'in', 'notifications/subscriptions/acknowledged').length === 1);
      const [listen] = framesOf(session.events(), 'out', 'subscriptions/listen');
      expect(listen.msg?.params).toMatchObject({
        notifications: { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true },
      });
      expect(listen.origin).toEqual({ by: 'mcpscope', reason: 'subscription listen' });
    }
    await session.request('tools/call', { name: 'toggle_extra_tool', arguments: {} });
    await until(engine, () => framesOf(session.events(), 'in', 'notifications/tools/list_changed').length === 1);
    expect(session.info().subscriptions).toEqual([]);
  });
});

describe('no listen stream unless asked (2026-07-28)', () => {
  it('opens no subscriptions/listen by default: nothing goes out after the handshake', async () => {
    const session = await open('modern', {});
    await session.request('tools/call', { name: 'toggle_extra_tool', arguments: {} });
    const out = session.events().filter((e) => e.type === 'frame' && e.dir === 'out');
    expect(out.map((e) => e.type === 'frame' && e.msg?.method)).not.toContain('subscriptions/listen');
  });
});
