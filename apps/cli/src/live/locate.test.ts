import type { SessionInfo } from '@mcpscope/wire';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import type { LiveApi } from './api.js';
import { pickSession, type LiveUi } from './locate.js';

const session = (id: string, name: string, state: SessionInfo['state'], createdAt = 0): SessionInfo => ({
  id,
  name,
  state,
  transport: 'stdio',
  target: 'x',
  createdAt,
  wrapped: false,
});
const ui = (url: string, sessions: SessionInfo[]): LiveUi => ({ entry: { url, token: 't', pid: 1 }, api: {} as LiveApi, sessions });

describe('pickSession (--session <name|id>)', () => {
  const a = ui('http://127.0.0.1:1/', [
    session('s1', 'dev', 'closed', 1),
    session('s2', 'dev', 'connected', 2),
    session('s3', 'old', 'failed', 3),
    session('s4', 'old', 'closed', 4),
  ]);

  it('an id, else the live session of that name, else the newest of that name', () => {
    expect(pickSession('s1', [a]).session.id).toBe('s1');
    expect(pickSession('dev', [a]).session.id).toBe('s2');
    expect(pickSession('old', [a]).session.id).toBe('s4');
  });

  it('no such session: exit 2, naming what there is', () => {
    expect(() => pickSession('nope', [a])).toThrowError(
      expect.objectContaining({
        exitCode: ExitCode.ConnectFailed,
        message: expect.stringContaining('its sessions: "dev" (s1, closed), "dev" (s2, connected)'),
      }),
    );
  });

  it('the same live name or id in two mcpscopes is ambiguous (exit 1), and says how to choose', () => {
    const b = ui('http://127.0.0.1:2/', [session('s1', 'other', 'connected'), session('s7', 'dev', 'connecting')]);
    expect(() => pickSession('dev', [a, b])).toThrowError(
      expect.objectContaining({ exitCode: ExitCode.Usage, message: expect.stringContaining('give its id instead') }),
    );
    expect(() => pickSession('s1', [a, b])).toThrowError(
      expect.objectContaining({ exitCode: ExitCode.Usage, message: expect.stringContaining('give its name instead') }),
    );
    expect(pickSession('s7', [a, b]).ui).toBe(b);
  });

  it('the name the UI shows (the server’s own, with its version) finds the session too', () => {
    const everything = {
      ...session('s9', 'index.js', 'connected'),
      serverInfo: { name: 'example-servers/everything', title: 'Everything Reference Server', version: '2.0.0' },
    };
    const c = ui('http://127.0.0.1:3/', [everything]);
    expect(pickSession('Everything Reference Server v2.0.0', [c]).session.id).toBe('s9');
    expect(pickSession('index.js', [c]).session.id).toBe('s9');
  });
});
