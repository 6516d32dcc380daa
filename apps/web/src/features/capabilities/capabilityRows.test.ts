import { describe, expect, it } from 'vitest';
import { capabilityRows } from './capabilityRows';

const pick = (rows: ReturnType<typeof capabilityRows>) => Object.fromEntries(rows.map((r) => [r.feature, r.declared]));

describe('capabilityRows', () => {
  it('lists every server feature of the era, declared or not, with sub-flags', () => {
    const rows = capabilityRows({ tools: { listChanged: true }, resources: {}, logging: {} }, 'server', 'legacy');
    expect(pick(rows)).toMatchObject({
      tools: true,
      'tools.listChanged': true,
      resources: true,
      'resources.subscribe': false,
      prompts: false,
      logging: true,
      completions: false,
      tasks: false,
      experimental: false,
    });
    expect(rows.find((r) => r.feature === 'resources.subscribe')).toMatchObject({ depth: 1, unknown: false });
    expect(rows.some((r) => r.feature === 'extensions')).toBe(false);
  });
  it('uses the modern lists: extensions instead of tasks, roots without listChanged', () => {
    const server = capabilityRows({ extensions: { 'io.modelcontextprotocol/tasks': {} } }, 'server', 'modern');
    expect(pick(server)).toMatchObject({ extensions: true, 'extensions.io.modelcontextprotocol/tasks': true });
    expect(server.some((r) => r.feature === 'tasks')).toBe(false);
    const client = capabilityRows({ roots: {} }, 'client', 'modern');
    expect(pick(client)).toMatchObject({ roots: true, sampling: false });
    expect(client.some((r) => r.feature === 'roots.listChanged')).toBe(false);
  });
  it('shows declared keys the spec does not define, marked unknown', () => {
    const rows = capabilityRows({ tools: { listChanged: true, magic: true }, weird: {} }, 'server', 'legacy');
    expect(rows.find((r) => r.feature === 'weird')).toMatchObject({ declared: true, unknown: true });
    expect(rows.find((r) => r.feature === 'tools.magic')).toMatchObject({ declared: true, unknown: true });
    expect(rows.map((r) => r.feature).slice(0, 3)).toEqual(['tools', 'tools.listChanged', 'tools.magic']);
    expect(rows.at(-1)?.feature).toBe('weird');
  });
  it('lists experimental entries one per row', () => {
    const rows = capabilityRows({ experimental: { foo: {} } }, 'client', 'legacy');
    expect(rows.find((r) => r.feature === 'experimental.foo')).toMatchObject({ declared: true, depth: 1 });
  });
});
