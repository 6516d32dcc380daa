import { PassThrough } from 'node:stream';
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
