import { describe, expect, it } from 'vitest';
import { capabilityChips, serverLabel } from './useStatusModel';

describe('status helpers', () => {
  it('lists capabilities with their boolean flags', () => {
    expect(capabilityChips({ tools: { listChanged: true }, resources: { subscribe: true, listChanged: false }, logging: {} })).toEqual([
      { name: 'tools', flags: ['listChanged'] },
      { name: 'resources', flags: ['subscribe'] },
      { name: 'logging', flags: [] },
    ]);
    expect(capabilityChips(undefined)).toEqual([]);
  });

  it('labels the server by title or name and version', () => {
    const base = { id: 'a', name: 'a', state: 'connected' as const, transport: 'stdio' as const, target: '', createdAt: 0, wrapped: false };
    expect(serverLabel({ ...base, serverInfo: { name: 'demo', version: '1.2.0' } })).toBe('demo v1.2.0');
    expect(serverLabel({ ...base, serverInfo: { name: 'demo', title: 'Demo Server' } })).toBe('Demo Server');
    expect(serverLabel(base)).toBeUndefined();
  });
});
