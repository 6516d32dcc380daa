import { readdirSync, readFileSync } from 'node:fs';

/** One line of /proc/<pid>/stat, the fields we need. */
export interface ProcEntry {
  /** Field 3: R, S, D, Z (zombie: already dead, waiting to be reaped)… */
  state: string;
  /** Field 4. */
  ppid: number;
  /** Field 5: the process group. */
  pgid: number;
  /** Field 22, clock ticks since boot: with the pid, names one process for good (pids are reused). */
  start: string;
}

/** /proc/<pid>/stat parsed; undefined when the process is gone (or there is no /proc). */
export function readProcEntry(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses; the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** Every process on the machine (empty where there is no /proc: the tracker then does nothing). */
export function readProcTable(): Map<number, ProcEntry> {
  const table = new Map<number, ProcEntry>();
  let names: string[] = [];
  try {
    names = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    if (name.charCodeAt(0) > 57 || !/^\d+$/.test(name)) continue;
    const entry = readProcEntry(Number(name));
    if (entry) table.set(Number(name), entry);
  }
  return table;
}

let childrenFiles: boolean | undefined;

/**
 * The children of `pid` from /proc/<pid>/task/<tid>/children (Linux with CONFIG_PROC_CHILDREN,
 * as Debian's, Ubuntu's and Fedora's kernels have): a walk of one process tree costs a few reads,
 * not one per process on the machine. Undefined when the kernel has no such file.
 */
export function readChildren(pid: number): number[] | undefined {
  if (childrenFiles === false) return undefined;
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const tid of tids) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && childrenFiles === undefined && tid === String(pid)) {
        childrenFiles = false;
        return undefined;
      }
      continue;
    }
    childrenFiles = true;
    for (const word of text.split(/\s+/)) if (/^\d+$/.test(word)) out.push(Number(word));
  }
  return out;
}

/**
 * Remembers every descendant of `root` it has seen, by pid and start time, so that the ones that
 * left the process group (setsid: `setsid cmd`, Node's `detached: true`) can be stopped with it.
 * A setsid'd process whose parent exits is re-parented to init and is no longer a descendant in
 * /proc, so it must have been seen before that: `record()` runs every `intervalMs` while the
 * server lives, and once more right before it is stopped. Node cannot make mcpscope a child
 * subreaper (prctl(PR_SET_CHILD_SUBREAPER) has no binding), which would have kept them as our
 * descendants. A process started and orphaned between two records is missed.
 *
 * Never signals a pid that is no longer the process it recorded (start time checked first).
 */
export class DescendantTracker {
  private readonly seen = new Map<number, string>();
  private timer?: NodeJS.Timeout;
  /** The root's own start time: once it has exited, its pid (and that pid's children) may be another's. */
  private readonly rootStart?: string;

  /**
   * `onNew` hears of each process the first time it is recorded (the supervisor keeps its own
   * list, to stop them if mcpscope dies).
   */
  constructor(
    private readonly root: number,
    private readonly onNew?: (pid: number, start: string) => void,
  ) {
    this.rootStart = readProcEntry(root)?.start;
  }

  /** Records at `intervalMs` until `stopWatching()`; the timer never keeps the process alive. */
  watch(intervalMs = 1500): this {
    this.record();
    this.timer = setInterval(() => this.record(), intervalMs);
    this.timer.unref();
    return this;
  }

  stopWatching(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Adds the descendants of the root, and of every recorded process still alive, to the record:
   * from the children files when the kernel has them, else from `table` (every process's stat).
   */
  record(table?: Map<number, ProcEntry>): void {
    if (table === undefined && this.recordFromChildren()) return;
    this.recordFromTable(table ?? readProcTable());
  }

  private recordFromChildren(): boolean {
    const rootLives = this.rootStart !== undefined && readProcEntry(this.root)?.start === this.rootStart;
    const queue = [...(rootLives ? [this.root] : []), ...this.alive()];
    const visited = new Set(queue);
    for (let i = 0; i < queue.length; i++) {
      const children = readChildren(queue[i]!);
      if (children === undefined) return false;
      for (const pid of children) {
        if (visited.has(pid)) continue;
        visited.add(pid);
        queue.push(pid);
        if (this.seen.has(pid)) continue;
        const entry = readProcEntry(pid);
        if (!entry) continue;
        this.seen.set(pid, entry.start);
        this.onNew?.(pid, entry.start);
      }
    }
    return true;
  }

  private recordFromTable(table: Map<number, ProcEntry>): void {
    const children = new Map<number, number[]>();
    for (const [pid, entry] of table) {
      const list = children.get(entry.ppid);
      if (list) list.push(pid);
      else children.set(entry.ppid, [pid]);
    }
    const rootLives = this.rootStart !== undefined && table.get(this.root)?.start === this.rootStart;
    const queue = [...(rootLives ? [this.root] : []), ...this.alive(table)];
    const visited = new Set(queue);
    for (let i = 0; i < queue.length; i++) {
      for (const pid of children.get(queue[i]!) ?? []) {
        if (visited.has(pid)) continue;
        visited.add(pid);
        queue.push(pid);
        if (this.seen.has(pid)) continue;
        const start = table.get(pid)!.start;
        this.seen.set(pid, start);
        this.onNew?.(pid, start);
      }
    }
  }

  /** Recorded processes that are still the same process and not yet dead. */
  alive(table?: Map<number, ProcEntry>): number[] {
    const out: number[] = [];
    for (const [pid, start] of this.seen) {
      const entry = table ? table.get(pid) : readProcEntry(pid);
      if (entry && entry.start === start && entry.state !== 'Z') out.push(pid);
      else if (!entry || entry.start !== start) this.seen.delete(pid);
    }
    return out;
  }

  signal(signal: NodeJS.Signals): void {
    for (const pid of this.alive()) {
      try {
        process.kill(pid, signal);
      } catch {
        /* gone in between */
      }
    }
  }

  /** SIGTERM to every recorded descendant still alive, SIGKILL to those still there after `termMs`. */
  async stop(termMs: number): Promise<void> {
    this.stopWatching();
    this.record();
    if (this.alive().length === 0) return;
    this.signal('SIGTERM');
    const deadline = Date.now() + termMs;
    while (this.alive().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    this.signal('SIGKILL');
  }
}
