import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { ToolCatalog, type CatalogTerms } from './tool-catalog.js';
import type { FrameOrigin } from '@mcpscope/protocol';
import { demoConfig, framesOf, until } from '../../test-fixtures/demo.js';

const ORIGIN: FrameOrigin = { by: 'user', reason: 'cli: call tools/call' };
const names = (tools: Array<{ name?: unknown }> | undefined) => (tools ?? []).map((t) => t.name);

describe('ToolCatalog terms', () => {
  const legacy: CatalogTerms = { era: 'legacy', transport: 'stdio', listChanged: true, listening: false };
  const modern: CatalogTerms = { era: 'modern', transport: 'stdio', listChanged: true, listening: false };
  const stored = (ttlMs?: number) => {
    const catalog = new ToolCatalog();
    catalog.store(catalog.begin(), [{ name: 'a' }], ttlMs, 1_000);
    return catalog;
  };

  it('2025-11-25: kept while the server promised list_changed on a transport that delivers it unasked', () => {
    expect(names(stored().current(legacy, 1e9))).toEqual(['a']);
    expect(stored().current({ ...legacy, listChanged: false }, 1_000)).toBeUndefined();
    expect(stored().current({ ...legacy, transport: 'http' }, 1_000)).toBeUndefined();
    expect(names(stored().current({ ...legacy, transport: 'sse' }, 1_000))).toEqual(['a']);
  });

  it('2026-07-28: for its ttlMs (0 = stale at once), or while listening when it gave none', () => {
    expect(stored(0).current(modern, 1_000)).toBeUndefined();
    expect(names(stored(500).current(modern, 1_499))).toEqual(['a']);
    expect(stored(500).current(modern, 1_500)).toBeUndefined();
    expect(stored().current(modern, 1_000)).toBeUndefined();
    expect(names(stored().current({ ...modern, listening: true }, 1e9))).toEqual(['a']);
  });

  it('a list change drops it, and a walk that began before the change stores nothing', () => {
    const catalog = stored();
    const token = catalog.begin();
    catalog.invalidate();
    expect(catalog.current(legacy, 1_000)).toBeUndefined();
    catalog.store(token, [{ name: 'old' }], undefined, 1_000);
    expect(catalog.current(legacy, 1_000)).toBeUndefined();
    catalog.store(catalog.begin(), [{ name: 'new' }], undefined, 1_000);
    expect(names(catalog.current(legacy, 1_000))).toEqual(['new']);
  });
});

let engine: Engine;
afterEach(async () => engine?.closeAll());

describe('Session.toolDefinitions on the demo server (it adds and removes extra_tool with list_changed)', () => {
  it('2025-11-25: one tools/list, reused until notifications/tools/list_changed, then asked again', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demoConfig('legacy'), { watchListChanges: false });
    const lists = () => framesOf(session.events(), 'out', 'tools/list').length;
    expect(names(await session.toolDefinitions({ origin: ORIGIN }))).not.toContain('extra_tool');
    expect(lists()).toBe(1);
    expect(framesOf(session.events(), 'out', 'tools/list')[0]!.origin).toEqual(ORIGIN);
    await session.toolDefinitions({ origin: ORIGIN });
    expect(lists()).toBe(1);

    const changes = () => framesOf(session.events(), 'in', 'notifications/tools/list_changed').length;
    await session.request('tools/call', { name: 'toggle_extra_tool', arguments: {} });
    await until(engine, () => changes() === 1);
    expect(names(await session.toolDefinitions({ origin: ORIGIN }))).toContain('extra_tool');
    expect(lists()).toBe(2);
    await session.toolDefinitions({ origin: ORIGIN });
    expect(lists()).toBe(2);

    // A listing asked for by someone else (the UI's Tools tab, `call tools/list`) counts too.
    await session.request('tools/call', { name: 'toggle_extra_tool', arguments: {} });
    await until(engine, () => changes() === 2);
    await session.request('tools/list', {});
    expect(names(await session.toolDefinitions({ origin: ORIGIN }))).not.toContain('extra_tool');
    expect(lists()).toBe(3);
  });

  it('2026-07-28: the demo server says ttlMs 0, so every lookup asks again', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demoConfig('modern'), { watchListChanges: false });
    const listed = await session.request('tools/list', {});
    expect(listed.outcome === 'result' && listed.result.ttlMs).toBe(0);
    await session.toolDefinitions({ origin: ORIGIN });
    await session.toolDefinitions({ origin: ORIGIN });
    expect(framesOf(session.events(), 'out', 'tools/list')).toHaveLength(3);
  });
});
