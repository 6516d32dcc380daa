import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWaitingRequests, startLaunchUi, startPlainLaunchUi, type PreStartedUi } from './launch-early.js';
import { loadLaunchInSlices } from './launch-slices.js';

const INDEX = '<!doctype html><title>early</title>';
let dir: string;
let started: PreStartedUi | undefined;

function bundleDir(): string {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-launch-early-'));
  mkdirSync(join(dir, 'web'));
  writeFileSync(join(dir, 'web', 'index.html'), INDEX);
  return dir;
}

afterEach(async () => {
  await started?.ui?.close();
  started = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Stands for a long synchronous module load (Node 22 loads ES modules synchronously). */
function blockFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('the pre-started launch UI', () => {
  it('listens before it resolves, and answers a GET / that arrived during a blocking load within answerWaitingRequests', async () => {
    started = await startPlainLaunchUi({ host: '127.0.0.1', port: 0, allowRemote: false }, join(bundleDir(), 'web'));
    const ui = started.ui!;
    expect(ui.main.server.listening).toBe(true);
    const answered: number[] = [];
    ui.main.server.on('request', (_req, res) => res.on('finish', () => answered.push(res.statusCode)));

    const socket = connect(ui.main.port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => (response += d));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${ui.main.port}\r\nConnection: close\r\n\r\n`);
    blockFor(50); // the request sits in the kernel meanwhile
    expect(answered).toEqual([]);
    await answerWaitingRequests();
    expect(answered).toEqual([200]);

    await new Promise((resolve) => socket.once('close', resolve));
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.endsWith(INDEX)).toBe(true);
  });

  it('loads the rest in slices: a GET / that arrived during one is answered before the next', async () => {
    started = await startPlainLaunchUi({ host: '127.0.0.1', port: 0, allowRemote: false }, join(bundleDir(), 'web'));
    const ui = started.ui!;
    const log: string[] = [];
    ui.main.server.on('request', (_req, res) => res.on('finish', () => log.push(`answered ${res.statusCode}`)));
    const socket = connect(ui.main.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const slice =
      (name: string, send = false) =>
      () => {
        log.push(name);
        if (send) socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${ui.main.port}\r\nConnection: close\r\n\r\n`);
        blockFor(30); // a synchronous module load
      };
    await loadLaunchInSlices([slice('zod'), slice('sdk', true), slice('engine'), slice('launch')]);
    expect(log).toEqual(['zod', 'sdk', 'answered 200', 'engine', 'launch']);
    socket.destroy();
  });

  it('is handed to the launch action when commander read the same port and host; otherwise closed and replaced', async () => {
    started = await startPlainLaunchUi({ host: '127.0.0.1', port: 0, allowRemote: false }, join(bundleDir(), 'web'));
    expect(await startLaunchUi({ port: '0', host: '127.0.0.1' }, started, join(dir, 'web'))).toBe(started.ui);

    const other = await startLaunchUi({ port: '0', host: 'localhost' }, started, join(dir, 'web'));
    expect(other).toBeDefined();
    expect(other).not.toBe(started.ui);
    expect(started.ui!.main.server.listening).toBe(false);
    await other!.listening;
    await other!.close();
  });

  it('binds nothing for a non-loopback host without --allow-remote (runLaunch refuses it as before)', async () => {
    started = await startPlainLaunchUi({ host: '0.0.0.0', port: 0, allowRemote: false }, join(bundleDir(), 'web'));
    expect(started.ui).toBeUndefined();
  });
});
