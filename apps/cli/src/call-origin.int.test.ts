import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { parseTrace } from '@mcpscope/trace';
import { buildTestBundle, runCli, type TestBundle } from './test-helpers.js';

let bundle: TestBundle;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-origin-'));
});
afterAll(() => {
  bundle?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const HANDSHAKE_METHODS = new Set(['server/discover', 'initialize', 'notifications/initialized']);

describe('mcpscope call: every frame it sends says why, in the trace too', () => {
  it.each(['legacy', 'auto'] as const)("the handshake is mcpscope's, the rest is `cli: call <method>` (--era %s)", async (era) => {
    const file = join(dir, `call-${era}.ndjson`);
    const args = [
      'call',
      'tools/call',
      '--tool',
      'echo',
      '--arg',
      'message=hi',
      '--level',
      'info',
      '--record',
      file,
      '--era',
      era,
      '--',
      process.execPath,
      bundle.demo,
    ];
    const r = await runCli(bundle.cli, args);
    expect(r.stderr).not.toMatch(/failed|error/i);
    expect(r.code).toBe(0);
    const out = parseTrace(readFileSync(file, 'utf8')).events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out');
    const rest = out.filter((f) => !HANDSHAKE_METHODS.has(String(f.msg?.method)));
    for (const f of out.filter((f) => HANDSHAKE_METHODS.has(String(f.msg?.method))))
      expect(f.origin).toEqual({ by: 'mcpscope', reason: 'handshake' });
    // The schema lookup (tools/list), the log level (legacy: logging/setLevel) and the call itself.
    expect(rest.map((f) => f.msg?.method)).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
    for (const f of rest) expect(f.origin).toEqual({ by: 'user', reason: 'cli: call tools/call' });
  });
});
