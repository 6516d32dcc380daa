import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReachable } from './reachable.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function listening(): Promise<number> {
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on: one that was just free (a real refused connect, not a mock). */
async function closedPort(): Promise<number> {
  const port = await listening();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  return port;
}

describe('checkReachable', () => {
  it('a listener is reachable; a port without one is refused', async () => {
    expect(await checkReachable(`http://127.0.0.1:${await listening()}/mcp`)).toEqual({ reachable: true });
    expect(await checkReachable(`http://127.0.0.1:${await closedPort()}/mcp`)).toEqual({ reachable: false, code: 'ECONNREFUSED' });
  });

  it('a refused connect stays refused when this process stalled past the timeout (the timer runs before the I/O)', async () => {
    const port = await closedPort();
    const check = checkReachable(`http://127.0.0.1:${port}/mcp`, 20);
    const until = Date.now() + 150;
    while (Date.now() < until); // a busy machine or a long GC: the event loop does not turn meanwhile
    expect(await check).toEqual({ reachable: false, code: 'ECONNREFUSED' });
  });

  it('a URL that does not parse is EINVAL, without a connect', async () => {
    expect(await checkReachable('not a url')).toEqual({ reachable: false, code: 'EINVAL' });
  });
});
