import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import type { Socket } from 'node:net';
import { NAMESPACE_INIT } from './pid-namespace.js';

/**
 * The supervisor of a stdio server: a POSIX `sh` (dash on Debian: ~1.6 MiB RSS, ~2 ms to
 * start), not a second Node process. mcpscope spawns the server itself — exact argv, env and
 * cwd, its own spawn errors (ENOENT, EACCES), its exit code and signal seen first-hand, stdio
 * straight to the server — detached, so the server leads its own process group. Beside it runs
 * this script, also detached (no terminal's or launcher's group signal reaches it), holding fd 3,
 * a socket to mcpscope. When mcpscope dies, even by SIGKILL, the kernel closes that socket: the
 * script reads EOF and stops the server's group (SIGTERM, then SIGKILL) and the descendants
 * mcpscope reported that left the group (setsid), each checked against its recorded start time
 * (pids are reused) before it is signalled.
 *
 * Why not the server as the script's child (`exec "$@"`): a shell rewrites the environment it
 * hands on (dash drops names that are not shell identifiers, resets IFS, sets PWD and PPID, and
 * refuses to start on a non-numeric OPTIND), and it folds "killed by signal N" into exit code
 * 128+N. Here the shell never touches the server.
 *
 * mcpscope → supervisor over fd 3, one line each (all numbers decimal):
 *   G <pid>          the server's pid, which is also its process group (written the moment it is spawned)
 *   D <pid> <start>  a descendant and its start time (field 22 of /proc/<pid>/stat)
 *   N <0|1>          start a PID namespace's holder (pid-namespace.ts) as the script's own child,
 *                    1: in a user namespace of its own; answered `H <pid>` (0: it could not)
 *   Q <ms>           mcpscope leaves with the server running and its stdin closed: once mcpscope is
 *                    gone, give the server <ms> to exit on its own before SIGTERM (2025-11-25
 *                    basic/lifecycle#stdio: close stdin, wait, SIGTERM, wait, SIGKILL)
 *   X                the server is stopped: end the holder, if any, and exit
 * EOF without X: mcpscope is gone (with no G yet, it died while the server was being started:
 * the holder and the reported descendants are still stopped). The script walks /proc once more
 * for the descendants of the server and of the reported ones (a process started since
 * mcpscope's last walk, every 1.5 s, is found while its parent lives), then SIGTERM at once
 * (after the Q grace if there was one), SIGKILL after up to 1 s. A group left with only zombies
 * is gone (a container's PID 1 may never reap the server mcpscope left it: `kill -0` still
 * succeeds on the zombie, so the script reads /proc for a live member instead of napping out the
 * second). Without /proc (macOS) there are no start times: the group is still stopped, strays
 * that left it are not tracked (mcpscope's own walk of descendants.ts reads /proc too).
 */
export const SUPERVISOR_SCRIPT = String.raw`set -f
trap '' INT HUP TERM PIPE
g= gs= q=0 s= n=0 h=
init='${NAMESPACE_INIT}'
startof() { st= sa= pp= pg=; set -- ${'$'}{1##*") "}; sa=$1; pp=$2; pg=$3; [ $# -ge 20 ] && shift 19 && st=$1; }
startat() { st=; read -r l 2>/dev/null </proc/$1/stat && startof "$l"; }
same() { read -r l 2>/dev/null </proc/$1/stat || return 2; startof "$l"; [ "$st" = "$2" ]; }
group() { [ -n "$g" ] || return 1; if [ -n "$gs" ]; then same $g $gs; [ $? -eq 1 ] && return 1; fi; kill -$1 -$g 2>/dev/null; }
members() {
  set +f
  for f in /proc/[0-9]*/stat; do read -r l 2>/dev/null <$f || continue; startof "$l"; [ "$pg" = "$g" ] && [ "$sa" != Z ] && { set -f; return 0; }; done
  set -f; return 1
}
alive() { group 0 || return 1; [ -z "$gs" ] || members; }
leader() { if [ -n "$gs" ]; then same $g $gs && [ "$sa" != Z ]; else kill -0 $g 2>/dev/null; fi; }
strays() { r=1; for e in $s; do same ${'$'}{e%:*} ${'$'}{e#*:} && [ "$sa" != Z ] && r=0 && kill -$1 ${'$'}{e%:*} 2>/dev/null; done; return $r; }
prune() { k=; n=0; for e in $s; do same ${'$'}{e%:*} ${'$'}{e#*:} && k="$k $e" && n=$((n+1)); done; s=$k; }
nap() { sleep 0.1 2>/dev/null || sleep 1; }
hold() {
  [ -z "$h" ] || { echo "H 0" >&3; return; }
  f=; [ "$1" = 1 ] && f='--user --map-current-user'
  (trap - INT HUP TERM PIPE; exec unshare $f --pid --fork --kill-child /bin/sh -c "$init") </dev/null >/dev/null 2>&1 3<&- &
  h=$!; startat $h; [ -n "$st" ] && s="$s $h:$st"
  echo "H $h" >&3
}
unhold() { [ -n "$h" ] && kill -KILL $h 2>/dev/null; wait; }
walk() {
  [ -n "$gs" ] || return 0
  k=" $g "; for e in $s; do same ${'$'}{e%:*} ${'$'}{e#*:} && k="$k${'$'}{e%:*} "; done
  m=1; set +f
  while [ $m = 1 ]; do
    m=0
    for f in /proc/[0-9]*/stat; do
      p=${'$'}{f#/proc/}; p=${'$'}{p%/stat}
      case $k in *" $p "*) continue;; esac
      read -r l 2>/dev/null <$f || continue
      startof "$l"
      case $k in *" $pp "*) k="$k$p "; s="$s $p:$st"; m=1;; esac
    done
  done
  set -f
}
while read -r t a b; do
  case $a in ''|*[!0-9]*) [ "$t" = X ] && { unhold; exit 0; }; continue;; esac
  case $t in
  G) g=$a; startat $a; gs=$st;;
  N) hold $a;;
  D) case $b in ''|*[!0-9]*) continue;; esac; s="$s $a:$b"; n=$((n+1)); [ $n -lt 1024 ] || prune;;
  Q) q=$((a / 100));;
  esac
done <&3
exec 3<&-
[ -n "$g$s$h" ] || exit 0
walk
i=0; while [ $i -lt $q ] && leader; do nap; i=$((i+1)); done
group TERM; strays TERM
i=0; while [ $i -lt 10 ] && { alive || strays 0; }; do nap; i=$((i+1)); done
strays KILL; group KILL
unhold
exit 0
`;

/** How long the script gets to answer `N` (it forks a process: a few ms). */
const HOLDER_ANSWER_MS = 5_000;

let shellChecked: boolean | undefined;

/** Whether `/bin/sh` can run the supervisor (POSIX systems; else the Node watchdog is used). */
export function shellSupervisorAvailable(): boolean {
  if (shellChecked === undefined) {
    try {
      accessSync('/bin/sh', constants.X_OK);
      shellChecked = process.platform !== 'win32';
    } catch {
      shellChecked = false;
    }
  }
  return shellChecked;
}

/** The running supervisor script and its end of the fd 3 socket. */
export class ShellSupervisor {
  private released = false;

  private constructor(
    readonly process: ChildProcess,
    /** Our end of fd 3. Closing it without `X` is what mcpscope's death does. */
    readonly control: Socket,
  ) {}

  /**
   * Starts the script. `label` (the server's command line) is only its argv, so that `ps` shows
   * what it watches; the script never runs it.
   */
  static start(label: readonly string[]): ShellSupervisor {
    const child = spawn('/bin/sh', ['-c', SUPERVISOR_SCRIPT, 'mcpscope-supervisor', ...label], {
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      // The script needs `sleep` and nothing of the server's environment.
      env: { PATH: [process.env.PATH, '/usr/bin', '/bin'].filter(Boolean).join(':') },
      cwd: '/',
      windowsHide: true,
    });
    child.on('error', () => {});
    const control = child.stdio[3] as Socket;
    control.on('error', () => {});
    // Neither may keep mcpscope alive: the socket's EOF at our exit is the supervisor's signal.
    control.unref();
    child.unref();
    return new ShellSupervisor(child, control);
  }

  /** The server was spawned: its pid leads its process group. Call in the same tick as the spawn. */
  group(pid: number): void {
    this.send(`G ${pid}\n`);
  }

  descendant(pid: number, start: string): void {
    if (/^\d+$/.test(start)) this.send(`D ${pid} ${start}\n`);
  }

  /**
   * Has the script start a PID namespace's holder as its child (`N`, see above); resolves with
   * its pid, or undefined when it could not (no answer within HOLDER_ANSWER_MS, the script gone).
   */
  holder(userNamespace: boolean): Promise<number | undefined> {
    if (this.released || this.control.destroyed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      let text = '';
      const done = (pid: number | undefined): void => {
        clearTimeout(timer);
        this.control.off('data', onData);
        this.control.off('close', onClose);
        this.control.pause();
        resolve(pid);
      };
      const onData = (chunk: Buffer): void => {
        text += chunk.toString('latin1');
        const line = /^H (\d+)\n/m.exec(text);
        if (line) done(Number(line[1]) || undefined);
        else if (text.length > 256) done(undefined);
      };
      const onClose = (): void => done(undefined);
      // Also what keeps the process alive meanwhile: the socket is unref'd.
      const timer = setTimeout(() => done(undefined), HOLDER_ANSWER_MS);
      this.control.on('data', onData);
      this.control.once('close', onClose);
      this.control.resume();
      this.send(`N ${userNamespace ? 1 : 0}\n`);
    });
  }

  /** See `Q` above: the supervisor finishes the stop after mcpscope exits. */
  handOff(graceMs: number): void {
    this.send(`Q ${Math.max(0, Math.round(graceMs))}\n`);
  }

  /** The server is stopped (or never started): the supervisor exits. */
  release(): void {
    if (this.released) return;
    this.send('X\n');
    this.released = true;
    this.control.end();
  }

  private send(line: string): void {
    if (this.released || this.control.destroyed) return;
    // A pipe write is attempted synchronously: the line is in the kernel before this returns.
    this.control.write(line);
  }
}
