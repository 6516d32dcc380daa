import { describe, expect, it } from 'vitest';
import { CLIENT_CAPABILITIES, CLIENT_TASKS_CAPABILITY, createClient } from '../session/client-factory.js';
import { bindReceiver } from './receiver.js';

describe('the declared task capabilities', () => {
  it('2025-11-25 `tasks` is exactly what the ext-tasks receiver binding serves', () => {
    const binding = bindReceiver(createClient('t', '1', 'auto'), async () => ({}));
    expect(binding.capabilities).toEqual(CLIENT_TASKS_CAPABILITY);
    expect(CLIENT_CAPABILITIES.tasks).toEqual(CLIENT_TASKS_CAPABILITY);
    binding.close();
  });

  it('2026-07-28: the io.modelcontextprotocol/tasks extension with empty settings, next to MCP Apps', () => {
    expect(CLIENT_CAPABILITIES.extensions?.['io.modelcontextprotocol/tasks']).toEqual({});
    expect(CLIENT_CAPABILITIES.extensions?.['io.modelcontextprotocol/ui']).toBeDefined();
  });
});
