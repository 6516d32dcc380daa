import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { INHERITED_ENV_VARS, serverEnvironment } from './server-env.js';

const QUIRKS = fileURLToPath(new URL('../../test-fixtures/legacy-quirks-server.mjs', import.meta.url));

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
  delete process.env.MCPSCOPE_SECRET_TEST;
});

describe('the environment of a stdio server', () => {
  it('is the documented inherited list (the SDK getDefaultEnvironment list) plus what the user passes', () => {
    expect(Object.keys(serverEnvironment({})).sort()).toEqual(Object.keys(getDefaultEnvironment()).sort());
    expect(INHERITED_ENV_VARS).toEqual(expect.arrayContaining(['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']));
    const env = serverEnvironment(
      { PATH: '/mine', EXTRA: '1' },
      { PATH: '/usr/bin', HOME: '/h', BASH_FUNC: '() { :; }', SECRET: 's', SHELL: '() { x; }' },
    );
    expect(env).toEqual({ PATH: '/mine', HOME: '/h', EXTRA: '1' });
  });

  it('does not reach the server with a variable outside the list; PATH and -e values do', async () => {
    process.env.MCPSCOPE_SECRET_TEST = 'do-not-leak';
    engine = new Engine();
    const names = 'MCPSCOPE_SECRET_TEST,PATH,GIVEN';
    const session = await engine.open({
      transport: 'stdio',
      command: process.execPath,
      args: [QUIRKS],
      env: { FIXTURE_MODE: 'print-env', FIXTURE_ENV_NAMES: names, GIVEN: 'by-the-user' },
    });
    const reply = await session.send({ method: 'tools/list', params: {} });
    const seen = JSON.parse((reply.response?.result as { tools: Array<{ description: string }> }).tools[0]!.description) as Record<
      string,
      string | null
    >;
    expect(seen).toEqual({ MCPSCOPE_SECRET_TEST: null, PATH: process.env.PATH, GIVEN: 'by-the-user' });
  });
});
