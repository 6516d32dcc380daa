import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { formatTime } from './format';
import { ordinalOf, sessionLabel, sessionLabels, sessionName } from './sessionLabel';

const T0 = new Date(2026, 6, 1, 14, 2, 11).getTime();
const everything = { name: 'mcp-servers/everything', title: 'Everything', version: '2.0.0' };

function session(id: string, patch: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id,
    name: 'index.js',
    state: 'connected',
    transport: 'stdio',
    target: 'node index.js stdio',
    createdAt: T0,
    wrapped: false,
    ...patch,
  };
}

describe('sessionLabels', () => {
  it('names a session after the server: its title, else its name, with the version, transport and start time', () => {
    const labels = sessionLabels(
      [session('s1', { serverInfo: everything }), session('s2', { serverInfo: { name: 'weather', version: 'dev' }, transport: 'http' })],
      T0 + 180_000,
    );
    expect(labels.get('s1')).toMatchObject({
      headline: 'Everything v2.0.0',
      source: 'server',
      started: '14:02:11',
      text: 'Everything v2.0.0 · stdio · 14:02:11',
    });
    expect(labels.get('s1')!.tag).toBeUndefined();
    expect(labels.get('s1')!.startedTitle).toBe('Started 2026-07-01 14:02:11 (3 min ago)');
    expect(labels.get('s2')).toMatchObject({ headline: 'weather dev', text: 'weather dev · http · 14:02:11' });
  });

  it('tags sessions whose labels collide with their ordinal, and only those', () => {
    const list = [
      session('s1', { serverInfo: everything }),
      session('s3', { serverInfo: everything, transport: 'http' }),
      session('s4', { serverInfo: { ...everything, version: '2.1.0' } }),
      session('s5'),
    ];
    const labels = sessionLabels(list, T0);
    expect(['s1', 's3', 's4', 's5'].map((id) => labels.get(id)!.tag)).toEqual(['#1', '#3', undefined, undefined]);
    expect(labels.get('s3')!.text).toBe('Everything v2.0.0 #3 · http · 14:02:11');
    expect(labels.get('s3')!.short).toBe('Everything v2.0.0 #3');
    // Case does not tell two labels apart for a reader.
    expect(sessionLabels([session('s1', { name: 'Dev', named: true }), session('s2', { name: 'dev', named: true })]).get('s2')!.tag).toBe(
      '#2',
    );
  });

  it('falls back to the derived name before the handshake or after a failure', () => {
    expect(sessionLabel(session('s1', { state: 'connecting' }))).toMatchObject({ headline: 'index.js', source: 'derived' });
    expect(sessionLabel(session('s1', { state: 'connecting' })).title).toContain('has not said its name yet');
    expect(sessionLabel(session('s2', { state: 'failed', name: 'no-such-command' }))).toMatchObject({
      headline: 'no-such-command',
      source: 'derived',
    });
  });

  it('lets the name the user gave win, and says what the server calls itself in the title', () => {
    const l = sessionLabel(session('s1', { name: 'dev', named: true, serverInfo: everything }));
    expect(l).toMatchObject({
      headline: 'dev v2.0.0',
      name: 'dev',
      version: 'v2.0.0',
      source: 'user',
      text: 'dev v2.0.0 · stdio · 14:02:11',
    });
    expect(l.title.split('\n')).toEqual([
      'dev v2.0.0',
      'Server: Everything v2.0.0',
      'node index.js stdio',
      expect.stringMatching(/^Started 2026-07-01 14:02:11 /),
    ]);
    expect(sessionLabel(session('s2', { name: 'dev', named: true, state: 'failed' })).headline).toBe('dev');
  });

  it('cleans hostile server names: controls, bidi overrides, huge strings, non-strings', () => {
    const bidi = sessionLabel(session('s1', { serverInfo: { name: 'safe\u202etxt.exe\u0007', version: '1\n2' } }));
    expect(bidi.headline).toBe('safe txt.exe v1 2');
    expect(sessionLabel(session('s1', { serverInfo: { name: 'x'.repeat(10_000) } })).name).toHaveLength(48);
    expect(sessionLabel(session('s1', { serverInfo: { name: ['x'], title: 7 } })).headline).toBe('index.js');
    expect(sessionLabel(session('s1', { serverInfo: { name: '<img src=x onerror=alert(1)>' } })).headline).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(sessionLabel(session('s1', { target: `a\u202e${'b'.repeat(1000)}` })).title).not.toContain('\u202e');
  });

  it('labels one session among others and names it for a sentence', () => {
    const a = session('s1', { serverInfo: everything });
    const b = session('s2', { serverInfo: everything });
    expect(sessionLabel(b, [a]).tag).toBe('#2');
    expect(sessionLabel(b, [a, b]).tag).toBe('#2');
    expect(sessionName(a)).toBe('Everything v2.0.0');
    expect(formatTime(a.createdAt)).toBe('14:02:11');
  });
});

describe('ordinalOf', () => {
  it('reads the engine ordinal from the id, and keeps any other id short', () => {
    expect(ordinalOf({ id: 's12' })).toBe('#12');
    expect(ordinalOf({ id: 'abcdefghijkl' })).toBe('#abcdefg…');
    expect(ordinalOf({ id: '\u202e' })).toBe('#?');
  });
});
