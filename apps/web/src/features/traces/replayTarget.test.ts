import { describe, expect, it } from 'vitest';
import { draftFromRecorded, draftToConfig, parseArgv, recordedLabel } from './replayTarget';

describe('replay target draft', () => {
  it('prefills the exact recorded argv and cwd, with hidden characters escaped, and round-trips them', () => {
    const recorded = {
      transport: 'stdio' as const,
      command: 'sh',
      args: ['-c', 'touch /tmp/x', 'a\u202eb\u001b[2J'],
      cwd: '/srv',
      era: 'legacy' as const,
    };
    const draft = draftFromRecorded(recorded);
    expect(draft.argvText).toBe('["sh", "-c", "touch /tmp/x", "a\\u202eb\\u001b[2J"]');
    expect(draft.cwd).toBe('/srv');
    expect(draftToConfig(draft)).toEqual({
      ok: true,
      config: { transport: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/x', 'a\u202eb\u001b[2J'], env: {}, cwd: '/srv', era: 'legacy' },
    });
    expect(recordedLabel(recorded)).toBe('["sh", "-c", "touch /tmp/x", "a\\u202eb\\u001b[2J"] in "/srv"');
  });

  it('prefills a recorded URL with its transport, and sends no headers', () => {
    const draft = draftFromRecorded({ transport: 'sse', url: 'http://127.0.0.1:3000/sse' });
    expect(draftToConfig(draft)).toEqual({ ok: true, config: { transport: 'sse', url: 'http://127.0.0.1:3000/sse', headers: {} } });
  });

  it('starts empty without a recorded target and refuses anything that is not an argv', () => {
    const empty = draftFromRecorded(undefined);
    expect(draftToConfig(empty)).toEqual({ ok: false, error: 'Enter the command to run' });
    expect(parseArgv('node server.js').ok).toBe(false);
    expect(parseArgv('["node", 1]').ok).toBe(false);
    expect(draftToConfig({ ...empty, transport: 'url', url: 'file:///etc/passwd' }).ok).toBe(false);
    expect(recordedLabel(undefined)).toBe('no recorded target');
  });
});
