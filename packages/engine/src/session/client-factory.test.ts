import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/client';
import { toolUi, UI_EXTENSION_ID, UI_MIME_TYPE, type Finding, type SessionEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { Session } from './session.js';
import { demoConfig, framesOf } from '../../test-fixtures/demo.js';
import { exampleAppConfig } from '../../test-fixtures/app-servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

type Caps = { extensions?: Record<string, unknown> };
const UI_SETTINGS = { mimeTypes: [UI_MIME_TYPE] };
const findings = (events: readonly SessionEvent[]): Finding[] =>
  events.flatMap((e) => ((e.type === 'frame' || e.type === 'http') && e.findings ? e.findings : []));
const paramsOf = (session: Session, method: string) =>
  framesOf(session.events(), 'out', method).map((f) => (f.msg?.params ?? {}) as Record<string, unknown>);

describe('mcpscope declares MCP Apps (io.modelcontextprotocol/ui) in its client capabilities', () => {
  it('legacy era: in the initialize request, and no finding blames the server for it', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demoConfig('legacy'));
    expect(session.info().era).toBe('legacy');
    const [init] = paramsOf(session, 'initialize');
    expect((init.capabilities as Caps).extensions?.[UI_EXTENSION_ID]).toEqual(UI_SETTINGS);
    expect((session.info().clientCapabilities as Caps | undefined)?.extensions?.[UI_EXTENSION_ID]).toEqual(UI_SETTINGS);
    // 2025-11-25 has no `extensions` key in ClientCapabilities; no rule may take mcpscope's own key for a fault.
    await session.request('tools/list', {});
    expect(findings(session.events())).toEqual([]);
  });

  it('modern era: in the server/discover _meta envelope and on every later request', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demoConfig('modern'));
    expect(session.info().era).toBe('modern');
    await session.request('tools/list', {});
    for (const method of ['server/discover', 'tools/list']) {
      const [params] = paramsOf(session, method);
      const meta = params._meta as Record<string, unknown>;
      expect((meta[CLIENT_CAPABILITIES_META_KEY] as Caps).extensions?.[UI_EXTENSION_ID], method).toEqual(UI_SETTINGS);
    }
    expect(findings(session.events()).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('a real app server (server-basic-vanillajs) lists its tool with a ui:// resource', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(exampleAppConfig('server-basic-vanillajs'));
    const out = await session.request('tools/list', {});
    expect(out.outcome).toBe('result');
    const tools = out.outcome === 'result' ? (out.result.tools as unknown[]) : [];
    const withUi = tools.map((t) => toolUi(t).resourceUri).filter(Boolean);
    expect(withUi).toEqual(['ui://get-time/mcp-app.html']);
    const handshake =
      session.info().era === 'modern'
        ? paramsOf(session, 'server/discover')[0]._meta
        : paramsOf(session, 'initialize').at(-1)?.capabilities;
    expect(JSON.stringify(handshake)).toContain(UI_EXTENSION_ID);
    expect(findings(session.events()).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
