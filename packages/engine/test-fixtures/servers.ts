import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readProcEntry } from '../src/transports/descendants.js';
import { isProcessAlive, stopProcessTree } from '../src/transports/process-tree.js';

const require = createRequire(import.meta.url);

export const RAW_SERVER = fileURLToPath(new URL('./raw-server.mjs', import.meta.url));
/** A 2026-07-28 server with the io.modelcontextprotocol/tasks extension (raw JSON-RPC over stdio). */
export const TASKS_V2_SERVER = fileURLToPath(new URL('./tasks-v2-server.mjs', import.meta.url));
/** A legacy raw stdio server with the defects check judges late: early logging, a duplicate tool name, a lenient tool, an unreadable listed resource. */
export const DEFECTS_SERVER = fileURLToPath(new URL('./defects-server.mjs', import.meta.url));
const BIND_LOOPBACK = fileURLToPath(new URL('./bind-loopback.cjs', import.meta.url));

/** The entry script of @modelcontextprotocol/server-everything. */
export function everythingEntry(): string {
  return require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts server-everything over `streamableHttp` or `sse` on 127.0.0.1 and a free port. */
export function startEverything(mode: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--require', BIND_LOOPBACK, everythingEntry(), mode], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${text}`)));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      text += chunk;
      const m = /FIXTURE_LISTENING (\d+)/.exec(text);
      if (!m) return;
      const port = Number(m[1]);
      const path = mode === 'sse' ? '/sse' : '/mcp';
      resolve({ url: `http://127.0.0.1:${port}${path}`, port, child, stop: () => stopProcessTree(child, { graceMs: 0 }) });
    });
  });
}

/** True while `pid` runs; a zombie (dead, waiting to be reaped by whoever adopted it) counts as gone. */
export const isAlive = isProcessAlive;

/** Live PID namespace holders (`unshare … --kill-child`, pid-namespace.ts) whose parent is gone: they were left to init. */
export function orphanedNamespaceHolders(): number[] {
  let names: string[] = [];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv[0] === 'unshare' && argv.includes('--kill-child') && readProcEntry(pid)?.ppid === 1 && isAlive(pid);
      } catch {
        return false;
      }
    });
}

/** Polls `check` every 10 ms until it holds; throws after `ms` naming `what`. */
export async function waitUntil(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The host pid of the process that `serverPid`'s PID namespace knows as `pid` (a server in a
 * namespace of its own reports its children's pids as it sees them). Outside a namespace, `pid`.
 */
export function hostPid(pid: number, serverPid: number): number {
  const ns = (p: number): string | undefined => {
    try {
      return readlinkSync(`/proc/${p}/ns/pid`);
    } catch {
      return undefined;
    }
  };
  const own = ns(serverPid);
  if (own === undefined || own === ns(process.pid)) return pid;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || ns(Number(name)) !== own) continue;
    try {
      const ids = /^NSpid:\s+(.+)$/m
        .exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]
        ?.trim()
        .split(/\s+/);
      if (ids && Number(ids[ids.length - 1]) === pid) return Number(name);
    } catch {
      /* gone */
    }
  }
  return pid;
}
