import { get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from './sandboxApp.js';
import { SandboxOrigins } from './sandboxOrigins.js';

let origins: SandboxOrigins | undefined;
afterEach(async () => origins?.close());

const hostOrigin = (name: string) => `http://${name}:1`;

/** GET /sandbox.html with this Host header (fetch would set its own). */
function status(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/sandbox.html', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('SandboxOrigins: a sandbox listener per session', () => {
  it('gives each session its own port, the same one every time, each with the Host guard', async () => {
    origins = new SandboxOrigins(() => startSandbox({ host: '127.0.0.1', hostOrigin }));
    const [a, again, b] = [await origins.portFor('s1'), await origins.portFor('s1'), await origins.portFor('s2')];
    expect(a).toBeGreaterThan(0);
    expect(again).toBe(a);
    expect(b).not.toBe(a);
    expect(await status(a!, `127.0.0.1:${a}`)).toBe(200);
    // Another listener's port, or a name mcpscope does not answer to: refused.
    expect(await status(a!, `127.0.0.1:${b}`)).toBe(403);
    expect(await status(a!, `evil.example:${a}`)).toBe(403);
    await origins.close();
    await expect(status(a!, `127.0.0.1:${a}`)).rejects.toThrow();
    expect(await origins.portFor('s3')).toBeUndefined();
  });
});
