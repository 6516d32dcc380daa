import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '@mcpscope/engine';
import { z } from 'zod';

/**
 * A running mcpscope UI announces itself in `<data dir>/ui.json` (mode 0600: it holds the
 * token) so `mcpscope wrap` can stream a host's session to it. A file left by a process that
 * died without cleaning up (SIGKILL) is removed by the next mcpscope that reads or writes it.
 */
const UiEntrySchema = z.object({ url: z.string(), token: z.string(), pid: z.number() });
export type UiEntry = z.infer<typeof UiEntrySchema>;

const registryFile = (env: NodeJS.ProcessEnv) => join(dataDir(env), 'ui.json');

export function announceUi(entry: UiEntry, env: NodeJS.ProcessEnv = process.env): () => void {
  const file = registryFile(env);
  try {
    mkdirSync(dataDir(env), { recursive: true, mode: 0o700 });
    // A new file renamed over the old one: writeFileSync's mode only applies when it creates the
    // file, so writing in place would keep the mode of an older, wider ui.json.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600, flag: 'w' });
    renameSync(temp, file);
  } catch {
    return () => undefined;
  }
  return () => {
    if (findUi(env)?.pid === entry.pid) rmSync(file, { force: true });
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running UI, if any. A stale file (its process is gone) is deleted: its token is dead. */
export function findUi(env: NodeJS.ProcessEnv = process.env): UiEntry | undefined {
  const file = registryFile(env);
  let entry: UiEntry;
  try {
    entry = UiEntrySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
  if (alive(entry.pid)) return entry;
  try {
    rmSync(file, { force: true });
  } catch {
    // not ours to remove (a read-only data dir): ignoring it is enough
  }
  return undefined;
}

/** `--ui http://127.0.0.1:6280/#token` */
export function parseUiUrl(raw: string): UiEntry {
  const u = new URL(raw);
  const token = decodeURIComponent(u.hash.replace(/^#(token=)?/, ''));
  return { url: `${u.protocol}//${u.host}/`, token, pid: 0 };
}
