import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { readChildren, readProcEntry, readProcTable } from './descendants.js';
import { isProcessAlive } from './process-tree.js';

/**
 * A PID namespace per stdio server (Linux, util-linux `unshare` and `nsenter`): whatever the
 * server starts, even a daemon that double-forks and calls setsid, lives in that namespace, and
 * the kernel kills every process in a PID namespace when its init dies. The init is a holder
 * (a `sh` that waits, and exits on SIGTERM: the signal the supervisor sends first when mcpscope
 * dies) started by `unshare --pid --fork --kill-child`, which the server's supervisor runs as its
 * child; the server joins it through `nsenter`, so it is not the init itself: an init ignores
 * the signals it has no handler for (SIGTERM from mcpscope's stop, a server's own abort()), and
 * cannot die of one to report it.
 * nsenter waits for the server and exits the way it did (its code, or the same signal), with
 * stdin, stdout and stderr the server's own and its environment untouched. Killing the init
 * (or the unshare before it: --kill-child passes that on) ends the namespace.
 *
 * What that costs beside the server: three small processes, the init, the `unshare` that waits
 * for it (its parent outside the namespace, which --kill-child needs) and the `nsenter` that waits
 * for the server (~1.7, 1.4 and 1.9 MiB of RSS with Debian 12's dash and util-linux 2.38, nearly
 * all of it libc and executable pages shared with other processes: ~0.3 MiB each of PSS). The
 * nsenter cannot exec the server in its own place (`--no-fork`): the server would then stay
 * outside with only its children inside, and a process whose children go to another PID
 * namespace cannot start a thread (Node aborts at start-up).
 *
 * Root creates the namespace as is; any other user inside a user namespace of its own that maps
 * it to itself (`--user --map-current-user`, entered with `--preserve-credentials`): the server
 * keeps its uid and gid. Where neither works (no util-linux, a container that forbids unshare,
 * user namespaces disabled, macOS), servers run as before: their process group and the
 * descendants seen under /proc are stopped, a daemon started between two walks can escape.
 */

/**
 * The namespace's init. An init only gets the signals it handles, so TERM, INT and HUP are
 * trapped; and it reaps the orphans the server's helpers leave to it, which the shell does when
 * SIGCHLD interrupts what it waits in (hence the CHLD trap). It waits in a `read` on a pty master
 * whose slave stays locked (nothing can open it, so nothing ever arrives): one process, where
 * waiting for a `sleep` child took two. Where /dev/ptmx cannot be opened, or the read ends other
 * than by a signal, it waits for a `sleep` child after all. No single quotes: the supervisor's
 * script holds it in single quotes (shell-supervisor.ts).
 */
export const NAMESPACE_INIT =
  'trap "exit 0" TERM INT HUP; ' +
  'if command exec 3<>/dev/ptmx 2>/dev/null; then trap c=1 CHLD; while c=0; read -r _ <&3 || [ $c = 1 ]; do :; done; trap - CHLD; fi; ' +
  'while :; do sleep 2147483647 & wait $!; done';

/** What starts a holder as its own child and tells its pid: the server's supervisor (ShellSupervisor.holder). */
export interface HolderStarter {
  holder(userNamespace: boolean): Promise<number | undefined>;
}

/** Whether `command args` runs and exits 0 (within 5 s), without blocking the event loop while it does. */
function exitsZero(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', timeout: 5000 });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    } catch {
      resolve(false);
    }
  });
}

async function probeFlags(): Promise<string[] | undefined> {
  if (process.platform !== 'linux') return undefined;
  const root = process.getuid?.() === 0;
  const candidates = root ? [[], ['--user', '--map-current-user']] : [['--user', '--map-current-user']];
  for (const extra of candidates) {
    if (await exitsZero('unshare', [...extra, '--pid', '--fork', '--kill-child', 'nsenter', '--version'])) return extra;
  }
  return undefined;
}

/** The probe, once a process: its answer does not change while mcpscope runs. */
let flags: Promise<string[] | undefined> | undefined;

/**
 * The unshare flags that work for this user, or undefined: no PID namespaces here. Probed by
 * running unshare and nsenter once, asynchronously: a server's start (often while mcpscope is
 * still loading its modules) does not hold the event loop for the ~15-30 ms the probe takes.
 */
export function pidNamespaceFlags(env: NodeJS.ProcessEnv = process.env): Promise<string[] | undefined> {
  if (env.MCPSCOPE_NO_PID_NAMESPACE) return Promise.resolve(undefined);
  flags ??= probeFlags();
  return flags;
}

/** The holder of one server's namespace: its init's pid (to enter) and its own pid (to end it). */
export class PidNamespace {
  private constructor(
    /** The `unshare` process: killing it ends the namespace. */
    readonly holderPid: number,
    /** The init inside (host pid), which nsenter targets. */
    readonly initPid: number,
    private readonly userNamespace: boolean,
  ) {}

  /**
   * Has `supervisor` start a holder, as its own child: mcpscope may die (or stop) at any moment
   * of a server's start, even while a process of its own is between fork and exec, and a holder
   * it spawned itself would then be left to init with nobody knowing of it. The supervisor knows
   * its child from birth and ends it when mcpscope goes. Undefined where PID namespaces are not
   * available (see pidNamespaceFlags) or the holder did not start.
   */
  static async open(supervisor: HolderStarter): Promise<PidNamespace | undefined> {
    const extra = await pidNamespaceFlags();
    if (!extra) return undefined;
    const holderPid = await supervisor.holder(extra.length > 0);
    if (holderPid === undefined) return undefined;
    const initPid = await forkedChild(holderPid, () => isProcessAlive(holderPid));
    if (initPid === undefined) {
      killQuietly(holderPid);
      return undefined;
    }
    return new PidNamespace(holderPid, initPid, extra.length > 0);
  }

  /** The argv that runs `command` inside the namespace. The command is resolved here, so "not found" stays a spawn error. */
  wrap(
    command: string,
    args: readonly string[],
    env: Record<string, string | undefined>,
    cwd?: string,
  ): { command: string; args: string[] } {
    const file = resolveCommand(command, env.PATH ?? '', cwd ?? process.cwd());
    const user = this.userNamespace ? ['--user', '--preserve-credentials'] : [];
    return { command: 'nsenter', args: ['--target', String(this.initPid), '--pid', ...user, '--', file, ...args] };
  }

  /** The init's start time (field 22 of /proc/<pid>/stat), for the supervisor, which stops it if mcpscope dies. */
  initStart(): string | undefined {
    return readProcEntry(this.initPid)?.start;
  }

  /** Ends the namespace: every process still in it is killed by the kernel. */
  close(): void {
    killQuietly(this.initPid);
    killQuietly(this.holderPid);
  }
}

/** The first child of `pid` (from /proc), the process nsenter or unshare forked. */
export function firstChild(pid: number): number | undefined {
  const children = readChildren(pid);
  if (children) return children[0];
  for (const [child, entry] of readProcTable()) if (entry.ppid === pid) return child;
  return undefined;
}

/**
 * The process `parent` forks at once (the server nsenter forks, the init unshare forks), as soon
 * as it exists (a few ms); undefined if the parent is gone first.
 */
export async function forkedChild(parent: number, isRunning: () => boolean): Promise<number | undefined> {
  for (let i = 0; i < 500 && isRunning(); i++) {
    const pid = firstChild(parent);
    if (pid !== undefined) return pid;
    await new Promise((r) => setTimeout(r, 2));
  }
  return undefined;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** An error shaped like the one spawn gives for a command it cannot run. */
function spawnError(code: 'ENOENT' | 'EACCES', command: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`spawn ${command} ${code}`);
  err.code = code;
  err.syscall = `spawn ${command}`;
  err.path = command;
  return err;
}

/** `command` as execvp would find it: a path (relative to the server's cwd) or the first executable on PATH. */
export function resolveCommand(command: string, path: string, cwd: string): string {
  const runnable = (file: string): 'ok' | 'EACCES' | undefined => {
    try {
      if (!statSync(file).isFile()) return undefined;
      accessSync(file, constants.X_OK);
      return 'ok';
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EACCES' ? 'EACCES' : undefined;
    }
  };
  if (command.includes('/')) {
    const file = isAbsolute(command) ? command : resolve(cwd, command);
    const state = runnable(file);
    if (state === 'ok') return file;
    throw spawnError(state ?? 'ENOENT', command);
  }
  let denied = false;
  for (const dir of path.split(delimiter)) {
    const file = join(dir ? resolve(cwd, dir) : cwd, command);
    const state = runnable(file);
    if (state === 'ok') return file;
    if (state === 'EACCES') denied = true;
  }
  throw spawnError(denied ? 'EACCES' : 'ENOENT', command);
}
