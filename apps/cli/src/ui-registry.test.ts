import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { announceUi, findUi, runningUis } from './ui-registry.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function env() {
  const d = mkdtempSync(join(tmpdir(), 'mcpscope-ui-registry-'));
  dirs.push(d);
  return { XDG_DATA_HOME: d, file: join(d, 'mcpscope', 'ui.json') };
}

describe('ui.json', () => {
  it('is 0600 even when an older, wider file was there', () => {
    const e = env();
    mkdirSync(join(e.XDG_DATA_HOME, 'mcpscope'), { recursive: true });
    writeFileSync(e.file, '{}');
    chmodSync(e.file, 0o644);
    const unannounce = announceUi({ url: 'http://127.0.0.1:1/', token: 't', pid: process.pid }, e);
    expect(statSync(e.file).mode & 0o777).toBe(0o600);
    expect(findUi(e)).toEqual({ url: 'http://127.0.0.1:1/', token: 't', pid: process.pid });
    unannounce();
    expect(existsSync(e.file)).toBe(false);
  });

  it('is removed when it names a process that is gone', () => {
    const e = env();
    announceUi({ url: 'http://127.0.0.1:1/', token: 't', pid: 999_999_999 }, e);
    expect(existsSync(e.file)).toBe(true);
    expect(findUi(e)).toBeUndefined();
    expect(existsSync(e.file)).toBe(false);
  });
});

describe('the running/ registry (several mcpscopes side by side)', () => {
  it('lists every live entry, the one started last first; ui.json names the last; findUi falls back when that one is gone', () => {
    const e = env();
    const first = announceUi({ url: 'http://127.0.0.1:1/', token: 'a', pid: process.pid, background: true, log: '/x.log' }, e);
    const dir = join(e.XDG_DATA_HOME, 'mcpscope', 'running');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, `${process.pid}.json`)).mode & 0o777).toBe(0o600);
    // A second, live one (the parent of this test process), announced later.
    const parent = process.ppid;
    utimesSync(join(dir, `${process.pid}.json`), new Date(1000), new Date(1000));
    const second = announceUi({ url: 'http://127.0.0.1:2/', token: 'b', pid: parent }, e);
    expect(runningUis(e).live.map((u) => u.pid)).toEqual([parent, process.pid]);
    expect(findUi(e)?.pid).toBe(parent);
    second();
    expect(existsSync(e.file)).toBe(false);
    expect(findUi(e)).toEqual({ url: 'http://127.0.0.1:1/', token: 'a', pid: process.pid, background: true, log: '/x.log' });
    first();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('ignores entries another user could have written (group/world-writable, symlinks, too large, wrong shape)', () => {
    const e = env();
    const dir = join(e.XDG_DATA_HOME, 'mcpscope', 'running');
    mkdirSync(dir, { recursive: true });
    const entry = JSON.stringify({ url: 'http://127.0.0.1:1/', token: 't', pid: process.pid });
    writeFileSync(join(dir, '1.json'), entry);
    chmodSync(join(dir, '1.json'), 0o666);
    writeFileSync(join(dir, '2.json'), JSON.stringify({ url: 1 }), { mode: 0o600 });
    writeFileSync(join(dir, '3.json'), ' '.repeat(10_000) + entry, { mode: 0o600 });
    writeFileSync(join(e.XDG_DATA_HOME, 'target.json'), entry, { mode: 0o600 });
    symlinkSync(join(e.XDG_DATA_HOME, 'target.json'), join(dir, '4.json'));
    expect(runningUis(e)).toEqual({ live: [], removed: [] });
  });

  it('narrows a wider data dir to 0700 when it announces', () => {
    const e = env();
    mkdirSync(join(e.XDG_DATA_HOME, 'mcpscope'), { recursive: true, mode: 0o755 });
    chmodSync(join(e.XDG_DATA_HOME, 'mcpscope'), 0o755);
    announceUi({ url: 'http://127.0.0.1:1/', token: 't', pid: process.pid }, e)();
    expect(statSync(join(e.XDG_DATA_HOME, 'mcpscope')).mode & 0o777).toBe(0o700);
  });
});
