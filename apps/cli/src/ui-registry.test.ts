import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { announceUi, findUi } from './ui-registry.js';

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
