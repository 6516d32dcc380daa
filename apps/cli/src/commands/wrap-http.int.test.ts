import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parseTrace } from '@mcpscope/trace';
import { startEverything } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, type TestBundle } from '../test-helpers.js';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
}, 60_000);
afterAll(() => bundle?.cleanup());

describe('mcpscope wrap --target (reverse proxy for Streamable HTTP)', () => {
  it('relays a session with server-everything, passes Authorization through and records it redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-http-'));
    const record = join(dir, 'http.ndjson');
    const everything = await startEverything('streamableHttp');
    const child = spawn(process.execPath, [bundle.cli, 'wrap', '--no-record-all', '--record', record, '--target', everything.url, '--listen', '0'], { env: { ...process.env, XDG_DATA_HOME: join(dir, 'data') } });
    try {
      const [, url] = await new Promise<RegExpMatchArray>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d) => {
          err += d;
          const m = err.match(/mcpscope wrap listening on (\S+)/);
          if (m) resolve(m);
        });
        child.on('exit', () => reject(new Error(err)));
      });
      const client = new Client({ name: 'host', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers: { authorization: 'Bearer sk-secret-xyz' } } }));
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'via wrap' } });
      expect(JSON.stringify(echoed)).toContain('via wrap');
      await client.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
      await everything.stop();
    }
    const text = readFileSync(record, 'utf8');
    expect(text).not.toContain('sk-secret-xyz');
    const events = parseTrace(text).events;
    const http = events.filter((e) => e.type === 'http');
    expect(http.length).toBeGreaterThan(1);
    expect(http.some((e) => e.type === 'http' && 'authorization' in e.requestHeaders)).toBe(true);
    expect(events.some((e) => e.type === 'frame' && e.dir === 'in' && JSON.stringify(e.msg).includes('via wrap'))).toBe(true);
  }, 60_000);
});
