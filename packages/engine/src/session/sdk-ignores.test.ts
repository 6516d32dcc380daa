import { describe, expect, it } from 'vitest';
import { createClient } from './client-factory.js';
import { sdkIgnores } from './sdk-ignores.js';

const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } } as const;

describe('sdkIgnores', () => {
  it("skips a server's log message only while the client has no handler for it (this SDK's handler table)", () => {
    const client = createClient('mcpscope', '0', 'auto');
    const ignores = sdkIgnores(client);
    // Fails if the SDK stops keeping its handlers where sdk-ignores.ts looks: every message would then be handed over.
    expect(ignores(log)).toBe(true);
    expect(ignores({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })).toBe(false);
    expect(ignores({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).toBe(false);
    expect(ignores({ jsonrpc: '2.0', id: 1, method: 'notifications/message' })).toBe(false);
    expect(ignores({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
    client.setNotificationHandler('notifications/message', () => undefined);
    expect(ignores(log)).toBe(false);
  });

  it('hands everything over when a fallback handler is set or the table is not where it was', () => {
    const client = createClient('mcpscope', '0', 'auto');
    client.fallbackNotificationHandler = async () => undefined;
    expect(sdkIgnores(client)(log)).toBe(false);
    const other = createClient('mcpscope', '0', 'auto') as unknown as { _notificationHandlers?: unknown };
    other._notificationHandlers = undefined;
    expect(sdkIgnores(other as never)(log)).toBe(false);
  });
});
