import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProcessAlive } from '@mcpscope/engine';
// @ts-expect-error build.mjs is plain JS without types; tests only.
import { buildCli } from '../build.mjs';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface TestBundle {
  dir: string;
  cli: string;
  demo: string;
  cleanup(): void;
}

/**
 * Bundles the CLI exactly as `build.mjs` does, into apps/cli/.tmp/ (so the registry packages
 * resolve from apps/cli/node_modules), with the web UI only if it is built.
 */
export async function buildTestBundle(): Promise<TestBundle> {
  const dir = join(cliDir, '.tmp', `bundle-${process.pid}-${Date.now()}`);
  await buildCli({ outdir: dir, web: 'if-present', quiet: true });
  return {
    dir,
    cli: join(dir, 'mcpscope.js'),
    demo: join(dir, 'demo-server.js'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the built CLI to its exit; `input`, when given, is its whole stdin (else it has none). */
export function runCli(cli: string, args: string[], env: Record<string, string> = {}, input?: string): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Resolves with the first stdout line that matches, or rejects when the child exits first. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += d));
    const onData = (d: Buffer): void => {
      buffer += d.toString();
      for (const line of buffer.split('\n')) {
        const m = line.match(pattern);
        if (m) {
          child.stdout?.off('data', onData);
          resolve(m);
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}; stderr: ${stderr}`)));
  });
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The parent pid of a process (Linux /proc), or undefined when it is gone. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Every live descendant of `pid` (Linux /proc). */
export function descendants(pid: number): number[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const found: number[] = [];
  const frontier = [pid];
  while (frontier.length > 0) {
    const parent = frontier.pop()!;
    for (const p of all) if (parentOf(p) === parent && !found.includes(p)) found.push(p), frontier.push(p);
  }
  return found.filter(isAlive);
}

/** When a process started, in clock ticks since boot (/proc/<pid>/stat field 22). */
export const startTicks = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]);
/** Now, in clock ticks since boot (10 ms). */
export const ticksNow = (): number => Math.round(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 100);

/** A zombie (exited, not yet reaped) counts as gone (the engine's own check). */
export const isAlive = isProcessAlive;

/** Polls a condition (no fixed sleeps): resolves as soon as it holds, rejects after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
