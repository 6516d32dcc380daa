import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine } from '@mcpscope/engine';
import { startProxy } from './start.js';

const RAW_SERVER = fileURLToPath(new URL('../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));

describe('shutdown with a request in flight', () => {
  it('closes even when a keep-alive connection was busy as the engine stopped (the launch order)', async () => {
    const engine = new Engine({ stopGraceMs: 100 });
    const proxy = await startProxy({ engine });
    // A connect that never finishes: the request is in flight until the engine closes the session.
    const config = { transport: 'stdio', command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: 'slow-init' }, era: 'legacy' };
    const inFlight = fetch(`http://127.0.0.1:${proxy.port}/api/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${proxy.token}`, 'content-type': 'application/json', host: `127.0.0.1:${proxy.port}` },
      body: JSON.stringify({ config }),
    }).then(
      (r) => r.status,
      () => 'dropped',
    );
    while (engine.list().length === 0) await new Promise((r) => setTimeout(r, 10));
    // As `mcpscope` does on SIGTERM: the engine first (the request answers), then the server.
    await engine.dispose();
    const closed = await Promise.race([
      proxy.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open after 10 s'), 10_000)),
    ]);
    expect(closed).toBe('closed');
    expect([409, 502, 'dropped']).toContain(await inFlight);
  }, 20_000);
});
