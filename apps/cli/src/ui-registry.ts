import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '@mcpscope/engine';
import { z } from 'zod';

/**
 * A running mcpscope UI announces itself in `<data dir>/ui.json` (mode 0600: it holds the
 * token) so `mcpscope wrap` can stream a host's session to it.
 */
const UiEntrySchema = z.object({ url: z.string(), token: z.string(), pid: z.number() });
export type UiEntry = z.infer<typeof UiEntrySchema>;

const registryFile = (env: NodeJS.ProcessEnv) => join(dataDir(env), 'ui.json');

export function announceUi(entry: UiEntry, env: NodeJS.ProcessEnv = process.env): () => void {
  const file = registryFile(env);
  try {
    mkdirSync(dataDir(env), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(entry), { mode: 0o600 });
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

/** The running UI, if any (a stale file of a dead process is ignored). */
export function findUi(env: NodeJS.ProcessEnv = process.env): UiEntry | undefined {
  try {
    const entry = UiEntrySchema.parse(JSON.parse(readFileSync(registryFile(env), 'utf8')));
    return alive(entry.pid) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** `--ui http://127.0.0.1:6280/#token` */
export function parseUiUrl(raw: string): UiEntry {
  const u = new URL(raw);
  const token = decodeURIComponent(u.hash.replace(/^#(token=)?/, ''));
  return { url: `${u.protocol}//${u.host}/`, token, pid: 0 };
}
