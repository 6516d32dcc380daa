import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, isProcessAlive } from '@mcpscope/engine/data-dir';

// No zod and no engine here: `call --session`'s fast path reads the registry (live/fast-live.ts).

/**
 * Every running mcpscope UI announces itself (the entries hold its token: files 0600 in a 0700
 * folder of the user's data dir, so other local users cannot read them):
 * - `<data dir>/running/<pid>.json`, one per running mcpscope: `mcpscope sessions`, `call
 *   --session`, `stop` look through all of them (a background one and one in a terminal can run
 *   side by side);
 * - `<data dir>/ui.json`, the one started last: `mcpscope wrap` streams to it.
 * An entry left by a process that died without cleaning up (SIGKILL) is removed by the next
 * mcpscope that reads it.
 */
export interface UiEntry {
  url: string;
  token: string;
  pid: number;
  /** Started by `mcpscope connect` without a terminal; `mcpscope stop` stops it. */
  background?: boolean;
  /** Where a background mcpscope writes its output. */
  log?: string;
}

/** An entry's fields, checked (unknown ones dropped), or undefined when it is not one. */
function uiEntryOf(value: unknown): UiEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { url, token, pid, background, log } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof token !== 'string' || typeof pid !== 'number' || !Number.isFinite(pid)) return undefined;
  if ((background !== undefined && typeof background !== 'boolean') || (log !== undefined && typeof log !== 'string')) return undefined;
  return { url, token, pid, ...(background === undefined ? {} : { background }), ...(log === undefined ? {} : { log }) };
}

/** An entry file is a few hundred bytes; anything larger is not one of ours. */
const MAX_ENTRY_BYTES = 8 * 1024;
/** More files than this in running/ is not a set of live processes; the rest are ignored. */
const MAX_ENTRIES = 64;

const registryFile = (env: NodeJS.ProcessEnv) => join(dataDir(env), 'ui.json');
const runningDir = (env: NodeJS.ProcessEnv) => join(dataDir(env), 'running');
const runningFile = (env: NodeJS.ProcessEnv, pid: number) => join(runningDir(env), `${pid}.json`);

/** A folder only this user can enter (mkdir's mode applies only when it creates the folder). */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * A new file renamed over the old one: writeFileSync's mode only applies when it creates the
 * file, so writing in place would keep the mode of an older, wider file.
 */
function writePrivate(file: string, entry: UiEntry): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(entry), { mode: 0o600, flag: 'w' });
  renameSync(temp, file);
}

/** mcpscope's data dir, created (or narrowed) to 0700: registry entries, the lock and the background log live there. */
export function ensureDataDir(env: NodeJS.ProcessEnv = process.env): string {
  privateDir(dataDir(env));
  return dataDir(env);
}

export function announceUi(entry: UiEntry, env: NodeJS.ProcessEnv = process.env): () => void {
  try {
    privateDir(dataDir(env));
    privateDir(runningDir(env));
    writePrivate(runningFile(env, entry.pid), entry);
    writePrivate(registryFile(env), entry);
  } catch {
    return () => undefined;
  }
  return () => removeUi(entry, env);
}

/** Removes the entry of `entry.pid` (its own file, and ui.json when ui.json names it). */
export function removeUi(entry: Pick<UiEntry, 'pid'>, env: NodeJS.ProcessEnv = process.env): void {
  try {
    rmSync(runningFile(env, entry.pid), { force: true });
    if (readEntry(registryFile(env))?.pid === entry.pid) rmSync(registryFile(env), { force: true });
  } catch {
    // not ours to remove (a read-only data dir): ignoring it is enough
  }
}

/** A zombie, or a pid now used by another user's process, is not our mcpscope. */
export const isAlive = isProcessAlive;

/**
 * An entry file, if it is one: a regular file (no symlink) of this user that no one else may
 * write, small, and of the right shape. Anything else is ignored, never trusted.
 */
function readEntry(file: string): UiEntry | undefined {
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > MAX_ENTRY_BYTES || (st.mode & 0o022) !== 0) return undefined;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return undefined;
    return uiEntryOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

export interface RunningUis {
  /** Entries whose process is alive, the one started last first. */
  live: UiEntry[];
  /** Entries of processes that are gone, removed just now. */
  removed: UiEntry[];
}

/**
 * Every running mcpscope UI; the files of those that are gone are deleted (their tokens are dead),
 * unless `removeGone` is false (then `removed` lists them, still on disk).
 */
export function runningUis(env: NodeJS.ProcessEnv = process.env, removeGone = true): RunningUis {
  const found: Array<{ entry: UiEntry; mtime: number }> = [];
  const removed: UiEntry[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(runningDir(env))
      .filter((n) => /^\d+\.json$/.test(n))
      .slice(0, MAX_ENTRIES);
  } catch {
    // no folder yet: nothing runs (or only a mcpscope that wrote ui.json alone)
  }
  const files = [...names.map((n) => join(runningDir(env), n)), registryFile(env)];
  for (const file of files) {
    const entry = readEntry(file);
    if (!entry || found.some((f) => f.entry.pid === entry.pid) || removed.some((r) => r.pid === entry.pid)) continue;
    if (!isAlive(entry.pid)) {
      if (removeGone) removeUi(entry, env);
      removed.push(entry);
      continue;
    }
    found.push({ entry, mtime: mtimeOf(file) });
  }
  found.sort((a, b) => b.mtime - a.mtime);
  return { live: found.map((f) => f.entry), removed };
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The running UI `mcpscope wrap` streams to: ui.json's, else the one started last, if any. */
export function findUi(env: NodeJS.ProcessEnv = process.env): UiEntry | undefined {
  const latest = readEntry(registryFile(env));
  const { live } = runningUis(env);
  return live.find((e) => e.pid === latest?.pid) ?? live[0];
}

/** `--ui http://127.0.0.1:6280/#token` */
export function parseUiUrl(raw: string): UiEntry {
  const u = new URL(raw);
  const token = decodeURIComponent(u.hash.replace(/^#(token=)?/, ''));
  return { url: `${u.protocol}//${u.host}/`, token, pid: 0 };
}
