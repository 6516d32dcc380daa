import { describe, expect, it } from 'vitest';
import { cleanLabelText, displayNameOf, displayNameText, RenameSessionBodySchema, SessionInfoSchema, SESSION_NAME_MAX } from './session.js';

describe('cleanLabelText', () => {
  it('keeps printable text, collapses whitespace and drops what hides or reorders text', () => {
    expect(cleanLabelText('  Everything\n\tserver  ', 40)).toBe('Everything server');
    expect(cleanLabelText('evil\u202egnp.exe', 40)).toBe('evil gnp.exe');
    expect(cleanLabelText('a\u0000b\u001b[31mc\u009bd\u200be\ufefff', 40)).toBe('a b [31mc d e f');
    expect(cleanLabelText('tag\udb40\udc41\udb40\udc42s', 40)).toBe('tag s');
    expect(cleanLabelText('lone\ud800 high', 40)).toBe('lone high');
    expect(cleanLabelText('emoji 😀 kept', 40)).toBe('emoji 😀 kept');
  });

  it('answers undefined for non-strings and for nothing printable', () => {
    for (const raw of [undefined, null, 3, {}, ['x'], '', '   ', '\u202e\u200b']) expect(cleanLabelText(raw, 10)).toBeUndefined();
  });

  it('cuts at max code points with an ellipsis, never inside a surrogate pair', () => {
    expect(cleanLabelText('abcdefghij', 10)).toBe('abcdefghij');
    expect(cleanLabelText('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(cleanLabelText('😀'.repeat(12), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(cleanLabelText('x'.repeat(1_000_000), 48)).toHaveLength(48);
  });
});

describe('displayNameOf', () => {
  const base = { name: 'index.js' };

  it('prefers the server title, then its name, with the version', () => {
    expect(displayNameOf({ ...base, serverInfo: { name: 'mcp-servers/everything', title: 'Everything', version: '2.0.0' } })).toEqual({
      name: 'Everything',
      version: 'v2.0.0',
      source: 'server',
    });
    expect(displayNameOf({ ...base, serverInfo: { name: 'mcp-servers/everything', version: 'dev' } })).toEqual({
      name: 'mcp-servers/everything',
      version: 'dev',
      source: 'server',
    });
    expect(displayNameOf({ ...base, serverInfo: { name: 'x', title: '   ' } })).toEqual({ name: 'x', source: 'server' });
  });

  it('falls back to the derived name before the handshake or when serverInfo is unusable', () => {
    expect(displayNameOf(base)).toEqual({ name: 'index.js', source: 'derived' });
    expect(displayNameOf({ ...base, serverInfo: { name: 42, title: { evil: true } } })).toEqual({ name: 'index.js', source: 'derived' });
    expect(displayNameOf({ name: '\u202e', serverInfo: {} })).toEqual({ name: 'unnamed session', source: 'derived' });
  });

  it('lets the name the user gave win over the server', () => {
    expect(displayNameOf({ name: 'dev', named: true, serverInfo: { name: 'Everything', version: '2.0.0' } })).toEqual({
      name: 'dev',
      version: 'v2.0.0',
      source: 'user',
    });
    expect(displayNameOf({ name: 'dev', named: true })).toEqual({ name: 'dev', source: 'user' });
  });

  it('never reads inherited fields and caps hostile lengths', () => {
    const info = Object.create({ title: 'inherited' }) as Record<string, unknown>;
    info.name = 'own';
    expect(displayNameOf({ ...base, serverInfo: info }).name).toBe('own');
    const long = displayNameOf({ ...base, serverInfo: { name: 'n'.repeat(5000), version: '9'.repeat(5000) } });
    expect(Array.from(long.name)).toHaveLength(48);
    expect(long.version!.length).toBeLessThanOrEqual(25);
    expect(displayNameText(long)).toContain(' v9');
  });
});

describe('RenameSessionBodySchema', () => {
  it('cleans a name, treats empty as restoring the automatic one, and refuses the absurd', () => {
    expect(RenameSessionBodySchema.parse({ name: '  my\u202e server ' })).toEqual({ name: 'my server' });
    expect(RenameSessionBodySchema.parse({ name: '   ' })).toEqual({ name: null });
    expect(RenameSessionBodySchema.parse({ name: null })).toEqual({ name: null });
    expect(Array.from(RenameSessionBodySchema.parse({ name: 'x'.repeat(SESSION_NAME_MAX + 5) }).name!)).toHaveLength(SESSION_NAME_MAX);
    expect(RenameSessionBodySchema.safeParse({ name: 'x'.repeat(SESSION_NAME_MAX * 4 + 1) }).success).toBe(false);
    expect(RenameSessionBodySchema.safeParse({}).success).toBe(false);
    expect(RenameSessionBodySchema.safeParse({ name: 3 }).success).toBe(false);
  });
});

describe('SessionInfoSchema', () => {
  it('carries named and replayOf, optional for older peers', () => {
    const info = { id: 's1', name: 'x', state: 'closed', transport: 'stdio', target: 'node x', createdAt: 0 };
    expect(SessionInfoSchema.parse(info).named).toBeUndefined();
    expect(SessionInfoSchema.parse({ ...info, named: true, replayOf: 't1' })).toMatchObject({ named: true, replayOf: 't1' });
  });
});
