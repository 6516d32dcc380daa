import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallbackParams } from './types.js';
import { callbackParams } from './headless-agent.js';

/**
 * `--oauth`: a one-shot listener on 127.0.0.1 (RFC 8252 §7.3 loopback redirect). `open` shows the
 * authorization URL in the system browser; resolves with the callback's parameters.
 */
export async function loopbackUserAgent(
  open: (url: string) => void | Promise<void>,
): Promise<{ redirectUrl: string; agent: (url: URL) => Promise<CallbackParams>; close(): void }> {
  let deliver!: (p: CallbackParams) => void;
  const done = new Promise<CallbackParams>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>mcpscope</title><p>Authorization complete. You can close this tab.</p>');
    deliver(callbackParams(url));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const redirectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    redirectUrl,
    agent: async (url) => {
      await open(url.href);
      return done.finally(() => server.close());
    },
    close: () => server.close(),
  };
}
