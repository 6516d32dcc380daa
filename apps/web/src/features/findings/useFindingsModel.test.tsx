// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FrameEvent, HttpEvent } from '@mcpscope/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationStore } from '../../lib/navigation';
import { testServices } from '../../lib/testServices';
import { connectedSession } from '../../lib/testWorkbench';
import { activeSessionStore, activeTabStore, frameFocusStore } from '../../lib/uiState';
import { useFindingsBadge } from './useFindingsBadge';
import { useFindingsModel } from './useFindingsModel';

afterEach(cleanup);

const SPEC = '2025-11-25/server/tools#tool-names';
function toolsList(seq: number): FrameEvent {
  const msg = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'bad name!', description: '' }] } };
  return {
    type: 'frame',
    seq,
    t: seq,
    sessionId: 's1',
    dir: 'in',
    msg,
    size: 10,
    findings: [
      { rule: 'tool-name', severity: 'warning', message: 'tool "bad name!": invalid characters', spec: SPEC },
      { rule: 'tool-description', severity: 'warning', message: 'tool "bad name!" has an empty description' },
    ],
  };
}
const raw = (seq: number): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq,
  sessionId: 's1',
  dir: 'in',
  raw: 'hello',
  size: 5,
  findings: [{ rule: 'stdio-non-json-stdout', severity: 'error', message: 'not JSON', spec: '2025-11-25/basic/transports#stdio' }],
});
const http = (seq: number): HttpEvent =>
  ({
    type: 'http',
    seq,
    t: seq,
    sessionId: 's1',
    method: 'POST',
    url: 'http://x/mcp',
    status: 200,
    findings: [{ rule: 'http-content-type', severity: 'error', message: 'wrong content type' }],
  }) as HttpEvent;

function setup() {
  const services = testServices({});
  services.store.upsertSession(connectedSession());
  activeSessionStore.set('s1');
  const hook = renderHook(() => ({ m: useFindingsModel('s1'), badge: useFindingsBadge() }), { wrapper: services.wrapper });
  const push = (...events: Array<FrameEvent | HttpEvent>) =>
    act(() => {
      for (const event of events) services.store.enqueue(event);
      services.store.flush();
    });
  return { ...hook, push, services };
}

describe('useFindingsModel', () => {
  it('groups findings by rule with severity, spec (from the finding or the catalogue), description and count', () => {
    const { result, push } = setup();
    expect(result.current.m.groups).toEqual([]);
    expect(result.current.badge).toBeNull();
    push(raw(1), toolsList(2), raw(3), http(4));
    const groups = result.current.m.groups;
    expect(groups.map((g) => [g.rule, g.severity, g.items.length])).toEqual([
      ['stdio-non-json-stdout', 'error', 2],
      ['http-content-type', 'error', 1],
      ['tool-description', 'warning', 1],
      ['tool-name', 'warning', 1],
    ]);
    expect(groups.find((g) => g.rule === 'tool-name')!.spec).toBe(SPEC);
    // No spec on the finding: the catalogue's.
    expect(groups.find((g) => g.rule === 'tool-description')!.spec).toMatch(/^2025-11-25\/server\/tools/);
    expect(groups[0].description).toMatch(/stdout/);
    // The spec sentence each rule rests on, from the finding or the catalogue, verbatim.
    expect(groups.find((g) => g.rule === 'tool-description')!.quote).toMatch(/\w/);
    expect(groups.find((g) => g.rule === 'stdio-non-json-stdout')!.quote).toMatch(/MUST NOT/);
    expect(groups[0].items.map((i) => i.seq)).toEqual([1, 3]);
    expect(result.current.m.counts).toEqual({ error: 3, warning: 2, info: 0 });
    expect(result.current.badge).toBe('3');
  });

  it('filters by severity and jumps to the frame', () => {
    const { result, push } = setup();
    push(raw(1), toolsList(2));
    act(() => result.current.m.toggleSeverity('warning'));
    expect(result.current.m.groups.map((g) => g.rule)).toEqual(['stdio-non-json-stdout']);
    act(() => result.current.m.open(result.current.m.groups[0].items[0]));
    expect(frameFocusStore.getSnapshot()).toEqual({ sessionId: 's1', seq: 1, index: 0 });
    expect(activeTabStore.getSnapshot()).toBe('frames');
    expect(navigationStore.getSnapshot()?.target).toEqual({ kind: 'frame', name: '1' });
  });

  it('lists findings of frames that left memory (the budget) and jumps to them by ordinal', () => {
    const { result, push, services } = setup();
    act(() => services.store.setMemoryBudget(256 * 1024));
    const filler = (seq: number): FrameEvent => ({
      type: 'frame',
      seq,
      t: seq,
      sessionId: 's1',
      dir: 'in',
      msg: { jsonrpc: '2.0', method: 'notifications/message' },
      size: 1000,
    });
    push(filler(1), raw(2), ...Array.from({ length: 3000 }, (_, i) => filler(i + 3)));
    expect(services.store.log('s1')!.framesOnDisk).toBeGreaterThan(2000);
    expect(result.current.m.groups.map((g) => [g.rule, g.items.map((i) => [i.seq, i.index])])).toEqual([
      ['stdio-non-json-stdout', [[2, 1]]],
    ]);
    expect(result.current.m.counts.error).toBe(1);
    expect(result.current.badge).toBe('1');
    act(() => result.current.m.open(result.current.m.groups[0].items[0]));
    expect(frameFocusStore.getSnapshot()).toEqual({ sessionId: 's1', seq: 2, index: 1 });
  });
});
