// Small process helpers for the bench scripts (Linux /proc), no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** A zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid) {
  const s = existsSync(`/proc/${pid}`) ? stat(pid) : undefined;
  return s !== undefined && s.state !== 'Z';
}

export function descendants(pid) {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const parents = new Map(all.map((p) => [p, stat(p)?.ppid]));
  const found = [];
  const frontier = [pid];
  while (frontier.length) {
    const parent = frontier.pop();
    for (const [p, pp] of parents) if (pp === parent && !found.includes(p)) found.push(p), frontier.push(p);
  }
  return found.filter(isAlive);
}

/** CPU time (user + system) a process used so far, in ms; 0 when gone. */
export function cpuMs(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** CPU time so far (ms) of Chromium's processes by their --type (browser, renderer, gpu-process, utility…). */
export function chromiumCpuMs() {
  const out = {};
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let cmd;
    try {
      cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!/^\S*chrom/.test(cmd) || /^\S*crashpad/.test(cmd)) continue;
    // Chromium rewrites its argv into one string: take --type (and a utility's sub-type) from it.
    const type = /--utility-sub-type=(?:\w+\.mojom\.)?(\w+)/.exec(cmd)?.[1] ?? /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    out[type] = (out[type] ?? 0) + cpuMs(Number(d));
  }
  return out;
}

/** Busy CPU time of the whole machine so far (all cores, /proc/stat: everything but idle and iowait), in ms. */
export function machineBusyMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** Resident set size in KiB of a process (VmRSS), 0 when gone. */
export function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process's name as the kernel keeps it (/proc/<pid>/comm: `node`, `sh`, `unshare`…), '?' when gone. */
export function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** Polls `condition` every `everyMs` (default 10) until it is truthy; rejects after `timeoutMs`. */
export async function waitFor(condition, timeoutMs, what, everyMs = 10) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Spawns a command and collects its output; `lines` lets a caller wait for a stdout line. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const line = (pattern, timeoutMs = 60_000) =>
    Promise.race([
      waitFor(
        () =>
          out.stdout
            .split('\n')
            .map((l) => l.match(pattern))
            .find(Boolean),
        timeoutMs,
        String(pattern),
      ),
      exited.then(({ code }) => {
        throw new Error(`${command} exited with ${code} before printing ${pattern}\n${out.stderr}`);
      }),
    ]);
  return { child, out, exited, line };
}

export function run(command, args, options = {}) {
  const p = start(command, args, options);
  return p.exited.then((r) => ({ ...r, ...p.out }));
}

/** SIGTERM a process and its descendants, SIGKILL whatever is left after 10 s. */
export async function stopTree(pid) {
  const tree = [pid, ...descendants(pid)];
  for (const p of tree)
    try {
      process.kill(p, 'SIGTERM');
    } catch {}
  try {
    await waitFor(() => tree.every((p) => !isAlive(p)), 10_000, 'shutdown');
  } catch {
    for (const p of tree)
      try {
        process.kill(p, 'SIGKILL');
      } catch {}
  }
}
