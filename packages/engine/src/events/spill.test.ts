import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleSpillDirs } from './spill.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) {
    chmodSync(r, 0o700);
    rmSync(r, { recursive: true, force: true });
  }
});
function tempRoot(): string {
  const r = mkdtempSync(join(tmpdir(), 'mcpscope-spill-stale-'));
  roots.push(r);
  return r;
}
const DEAD = 'mcpscope-spill-999999999-';

describe('removeStaleSpillDirs (a shared /tmp)', () => {
  it('removes a dead process’s folder with its files', () => {
    const root = tempRoot();
    mkdirSync(join(root, `${DEAD}a`));
    writeFileSync(join(root, `${DEAD}a`, 's-1.ndjson'), '{}\n');
    expect(removeStaleSpillDirs(root)).toEqual([join(root, `${DEAD}a`)]);
    expect(readdirSync(root)).toEqual([]);
  });

  it('leaves look-alikes that are not folders: a symlink (not followed) and a file', () => {
    const root = tempRoot();
    const victim = join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'keep.txt'), 'precious');
    symlinkSync(victim, join(root, `${DEAD}link`));
    writeFileSync(join(root, `${DEAD}file`), 'x');
    expect(removeStaleSpillDirs(root)).toEqual([]);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
    expect(readdirSync(root).sort()).toEqual([`${DEAD}file`, `${DEAD}link`, 'victim']);
  });

  // Only root can make a folder owned by someone else (and only root could then delete it).
  it.runIf(process.getuid?.() === 0)('leaves another user’s folder alone', () => {
    const root = tempRoot();
    const theirs = join(root, `${DEAD}theirs`);
    mkdirSync(theirs);
    chownSync(theirs, 65534, 65534);
    expect(removeStaleSpillDirs(root)).toEqual([]);
    expect(existsSync(theirs)).toBe(true);
  });

  it('never throws on a missing root', () => {
    expect(removeStaleSpillDirs(join(tempRoot(), 'missing'))).toEqual([]);
  });
});
