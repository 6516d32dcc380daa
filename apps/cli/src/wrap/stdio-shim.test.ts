import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runStdioShim } from './stdio-shim.js';
import { WrapLog } from './wrap-log.js';

const HOSTILE = '\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2Jé\u202e\n';

/** Runs a real child that writes HOSTILE on stderr, relayed to a stderr that is (or is not) a terminal. */
async function relayStderr(isTTY: boolean): Promise<Buffer> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY });
  const chunks: Buffer[] = [];
  stderr.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  stdout.resume();
  const log = new WrapLog({ meta: { name: 't', transport: 'stdio', target: 't' }, files: [], redact: true, warn: () => undefined });
  const script = `process.stderr.write(${JSON.stringify(HOSTILE)})`;
  stdin.end();
  expect(await runStdioShim(process.execPath, ['-e', script], log, { stdin, stdout, stderr })).toBe(0);
  await log.close();
  return Buffer.concat(chunks);
}

describe('wrap (stdio): the server stderr', () => {
  it('is escaped when mcpscope stderr is a terminal', async () => {
    expect((await relayStderr(true)).toString('utf8')).toBe('\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u001b[2Jé\\u202e\n');
  });

  it('is relayed byte for byte to a host pipe or log', async () => {
    expect((await relayStderr(false)).toString('utf8')).toBe(HOSTILE);
  });
});

describe('wrap (stdio): the server stdout', () => {
  it('a line past the cap reaches the host whole and is recorded truncated with its finding; the lines around it are frames', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-shim-'));
    const trace = join(dir, 'trace.ndjson');
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const relayed: Buffer[] = [];
    stdout.on('data', (c: Buffer) => relayed.push(Buffer.from(c)));
    stderr.resume();
    const log = new WrapLog({ meta: { name: 't', transport: 'stdio', target: 't' }, files: [trace], redact: true, warn: () => undefined });
    // Written in pieces so that lines, and the two bytes of "é", straddle pipe reads.
    const script = `
      const big = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { pad: 'x'.repeat(300 * 1024) } });
      const text = '{"jsonrpc":"2.0","id":1,"result":{}}\\n' + big + '\\n{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"café"}}\\n';
      const bytes = Buffer.from(text);
      let at = 0;
      const next = () => { if (at >= bytes.length) return; const end = Math.min(bytes.length, at + 7919); process.stdout.write(bytes.subarray(at, end), next); at = end; };
      next();`;
    stdin.end();
    expect(await runStdioShim(process.execPath, ['-e', script], log, { stdin, stdout, stderr }, { maxLineBytes: 64 * 1024 })).toBe(0);
    await log.close();
    const out = Buffer.concat(relayed).toString('utf8');
    expect(out.split('\n').map((l) => l.length)).toEqual([
      36,
      JSON.stringify({ jsonrpc: '2.0', id: 2, result: { pad: 'x'.repeat(300 * 1024) } }).length,
      75,
      0,
    ]);
    const frames = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            dir?: string;
            msg?: { id?: number; params?: { data?: string } };
            raw?: string;
            size?: number;
            findings?: Array<{ rule: string }>;
          },
      )
      .filter((e) => e.type === 'frame');
    expect(frames.map((f) => f.dir)).toEqual(['in', 'in', 'in']);
    expect(frames[0]!.msg?.id).toBe(1);
    expect(frames[1]!.raw?.length).toBe(64 * 1024);
    expect(frames[1]!.raw?.startsWith('{"jsonrpc":"2.0","id":2,"result":{"pad":"xxx')).toBe(true);
    expect(frames[1]!.findings?.map((f) => f.rule)).toEqual(['message-too-large']);
    expect(frames[2]!.msg?.params?.data).toBe('café');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('wrap (stdio): the end of the session', () => {
  it("hands the server's last bytes to a host that reads slowly before it resolves (the process exits right after)", async () => {
    const stdin = new PassThrough();
    const stderr = new PassThrough();
    stderr.resume();
    const got: Buffer[] = [];
    // A host that takes 20 ms per chunk: the server is long gone before it has read everything.
    const stdout = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        setTimeout(() => (got.push(Buffer.from(chunk)), done()), 20);
      },
    });
    const log = new WrapLog({ meta: { name: 't', transport: 'stdio', target: 't' }, files: [], redact: true, warn: () => undefined });
    const script = `const line = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'y'.repeat(1000) } }) + '\\n'; process.stdout.write(line.repeat(200));`;
    stdin.end();
    expect(await runStdioShim(process.execPath, ['-e', script], log, { stdin, stdout, stderr })).toBe(0);
    const text = Buffer.concat(got).toString('utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(200);
    await log.close();
  });
});
