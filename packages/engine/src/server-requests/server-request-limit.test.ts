import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { MAX_WAITING_SERVER_REQUESTS } from './server-requests.js';
import { RAW_SERVER } from '../../test-fixtures/servers.js';

let engine: Engine | undefined;
afterEach(async () => engine?.closeAll());

const replies = (events: readonly SessionEvent[]) =>
  events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg !== undefined && e.msg.method === undefined);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('a server that floods the client with requests', () => {
  it(`keeps ${MAX_WAITING_SERVER_REQUESTS} waiting for a person and refuses the rest at once, as mcpscope, said once`, async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const added: string[] = [];
    engine.subscribe((m) => m.type === 'server-request' && added.push(m.request.requestId));
    const session = await engine.open({
      transport: 'stdio',
      command: process.execPath,
      args: [RAW_SERVER],
      env: { FIXTURE_MODE: 'request-flood', FIXTURE_COUNT: '300' },
    });
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    await until(() => replies(session.events()).length === 200, '200 refusals');
    expect(session.pendingServerRequests()).toHaveLength(MAX_WAITING_SERVER_REQUESTS);
    expect(added).toHaveLength(MAX_WAITING_SERVER_REQUESTS);
    const refusals = replies(session.events());
    expect(new Set(refusals.map((f) => (f.msg!.error as { code: number }).code))).toEqual(new Set([-32603]));
    expect(refusals[0]!.msg!.error).toMatchObject({
      message: `mcpscope: ${MAX_WAITING_SERVER_REQUESTS} requests from this server already wait for an answer; sampling/createMessage was refused (mcpscope's own limit)`,
    });
    for (const f of refusals) expect(f.origin).toEqual({ by: 'mcpscope', reason: 'server request: refused, too many waiting' });
    // The first 100 wait; the refused ones are the later ids.
    expect(refusals.map((f) => f.msg!.id)).toEqual(Array.from({ length: 200 }, (_, i) => `s${i + 100}`));
    const notes = session.events().filter((e) => e.type === 'lifecycle' && e.message?.includes('already wait for an answer'));
    expect(notes).toHaveLength(1);

    // A person answers one: it goes out as theirs, and the queue has room again.
    expect(
      session.answer(
        added[0]!,
        { result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'a' } } },
        { by: 'user', reason: 'client: answer sampling' },
      ),
    ).toBe(true);
    await until(() => replies(session.events()).length === 201, 'the answer');
    expect(replies(session.events()).at(-1)).toMatchObject({
      msg: { id: 's0', result: { model: 'm' } },
      origin: { by: 'user', reason: 'client: answer sampling' },
    });
    expect(session.pendingServerRequests()).toHaveLength(MAX_WAITING_SERVER_REQUESTS - 1);
  }, 30_000);
});
