import { connect } from 'node:net';

export type Reachability = { reachable: true } | { reachable: false; code: string };

/**
 * Whether anything accepts a TCP connection at the URL's host and port now: no HTTP request and
 * no MCP message, the socket is closed as soon as it opens. It tells a server that is gone
 * (ECONNREFUSED) from one that only closed a stream.
 */
export function checkReachable(url: string, timeoutMs = 2000): Promise<Reachability> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ reachable: false, code: 'EINVAL' });
  }
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: Reachability): void => {
      socket.destroy();
      resolve(result);
    };
    // Timers run before I/O callbacks: after this process stalled (a busy machine), the connect's
    // outcome may already be waiting behind the timer. It has its say first (setImmediate runs
    // after the I/O), so a refused connect is not taken for a timeout.
    socket.setTimeout(timeoutMs, () => setImmediate(() => done({ reachable: false, code: 'ETIMEDOUT' })));
    socket.once('connect', () => done({ reachable: true }));
    socket.once('error', (err: NodeJS.ErrnoException) => done({ reachable: false, code: err.code ?? 'ERR' }));
  });
}
