import { afterEach, describe, expect, it } from 'vitest';
import { spawnSupervised as spawnFor, SupervisedSpawnError, type Supervised, type SupervisedOptions } from './watchdog.js';

const started: Supervised[] = [];
const spawnSupervised = async (opts: SupervisedOptions) => {
  const s = await spawnFor(opts);
  started.push(s);
  return s;
};
afterEach(() => {
  for (const s of started.splice(0)) {
    s.child.kill('SIGKILL');
    s.release();
  }
});

const exitOf = (child: import('node:child_process').ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );

// The sh supervisor (the default) and the Node watchdog (the fallback where /bin/sh is missing).
describe.each(['shell', 'node'] as const)('spawnSupervised (the %s supervisor)', (supervisor) => {
  it('keeps what a server that exits at once wrote and did, for the transport that listens later', async () => {
    const s = await spawnSupervised({
      command: '/bin/sh',
      args: ['-c', 'echo out; echo err >&2; exit 3'],
      env: { PATH: process.env.PATH ?? '' },
      supervisor,
    });
    // Reaped, drained and closed before anyone listens, as when the session's connect comes a
    // few awaits later: Node emitted exit and close to no one and dropped the unread output.
    await new Promise((r) => setTimeout(r, 500));
    expect(s.child.exitCode).toBe(3);
    const early = s.takeOutput();
    expect(early.exited).toBe(true);
    expect(early.closed).toEqual({ code: 3, signal: null });
    expect(Buffer.concat(early.stdout).toString()).toBe('out\n');
    expect(early.stdoutEnded).toBe(true);
    expect(early.stderr.join('')).toBe('err\n');
    expect(s.takeOutput()).toBe(early);
  });

  it('passes stdin/stdout/stderr through byte for byte and mirrors the exit code', async () => {
    const script = `process.stdin.on('data', (d) => process.stdout.write(d)); process.stdin.on('end', () => { process.stderr.write('bye\\n'); process.exit(7); });`;
    const { child, serverPid, supervisorPid } = await spawnSupervised({
      command: process.execPath,
      args: ['-e', script],
      env: { PATH: process.env.PATH ?? '' },
      supervisor,
    });
    expect(serverPid).toBeGreaterThan(0);
    expect(serverPid).not.toBe(supervisorPid);
    const bytes = Buffer.from([0x7b, 0x0a, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0xe2, 0x82, 0xac]);
    const out: Buffer[] = [];
    let err = '';
    child.stdout!.on('data', (d: Buffer) => out.push(d));
    child.stderr!.on('data', (d: Buffer) => (err += d));
    child.stdin!.end(bytes);
    expect(await exitOf(child)).toEqual({ code: 7, signal: null });
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    expect(err).toBe('bye\n');
  });

  it('mirrors a signal death', async () => {
    const { child, serverPid } = await spawnSupervised({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      env: {},
      supervisor,
    });
    const done = exitOf(child);
    process.kill(serverPid, 'SIGKILL');
    expect(await done).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('reports a command that does not exist as ENOENT', async () => {
    const err = await spawnSupervised({
      command: 'no-such-command-mcpscope',
      args: [],
      env: { PATH: process.env.PATH ?? '' },
      supervisor,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(SupervisedSpawnError);
    expect(err.code).toBe('ENOENT');
  });
});
