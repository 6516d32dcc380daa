import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '@mcpscope/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionHandle } from './session-handle.js';

// raw-server's request-flood mode sends FIXTURE_COUNT sampling/createMessage requests on
// tools/list, then answers it; each answer it gets is echoed to its stderr.
const RAW_SERVER = fileURLToPath(new URL('../../engine/test-fixtures/raw-server.mjs', import.meta.url));
const server = { command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: 'request-flood', FIXTURE_COUNT: '2' } };

let engine: Engine | undefined;
let dir: string | undefined;
afterEach(async () => {
  await engine?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<SessionHandle> {
  engine = new Engine({ recordAll: false });
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-answers-'));
  return SessionHandle.open(engine, server, { trace: join(dir, 'trace.ndjson') });
}

const answered = (handle: SessionHandle) =>
  handle.session
    .events()
    .filter((e) => e.type === 'stderr')
    .map((e) => (e as { text: string }).text)
    .join('');

describe("the server's requests to the client", () => {
  it("are answered by the test's handler, as the test", async () => {
    const handle = await open();
    handle.answers.onSampling(() => 'Teal.');
    await handle.session.request('tools/list', {});
    await expect.poll(() => answered(handle)).toMatch(/answered \S+ ok[\s\S]*answered \S+ ok/);
    const replies = handle.session.events().filter((e) => e.type === 'frame' && e.dir === 'out' && e.msg && 'result' in e.msg);
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatchObject({
      origin: { by: 'user', reason: 'test: answer sampling/createMessage' },
      msg: { result: { content: { type: 'text', text: 'Teal.' } } },
    });
    expect(handle.answers.refused).toEqual([]);
    await handle.close();
  });

  it('without a handler are refused at once with -1, named once, and the reason is in the trace', async () => {
    const handle = await open();
    await handle.session.request('tools/list', {});
    await expect.poll(() => answered(handle)).toMatch(/answered \S+ -1[\s\S]*answered \S+ -1/);
    expect(handle.answers.refused).toEqual(['sampling/createMessage']);
    await handle.close();
    expect(readFileSync(handle.tracePath, 'utf8')).toContain(
      'the test set no handler for sampling/createMessage: answer it with mcp.onSampling(handler)',
    );
  });

  it('a handler that throws refuses with its message', async () => {
    const handle = await open();
    handle.answers.onSampling(() => {
      throw new Error('no model in this test');
    });
    await handle.session.request('tools/list', {});
    await expect.poll(() => answered(handle)).toMatch(/answered \S+ -1/);
    await handle.close();
    expect(readFileSync(handle.tracePath, 'utf8')).toContain('"message":"no model in this test"');
  });
});
