import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcessTree } from '../src/transports/process-tree.js';

const require = createRequire(import.meta.url);
export const SESSION_HTTP_SERVER = fileURLToPath(new URL('./session-http-server.mjs', import.meta.url));
const ENGINE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Resolves with the first match of `pattern` in the child's output (stdout and stderr), or rejects when it exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const m = pattern.exec(text);
      if (!m) return;
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      resolve(m);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}) before ${pattern}: ${text.slice(-2000)}`)));
  });
}

export interface SessionServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Its stderr so far (the `wait` tool says `waiting <ms>` there). */
  stderr(): string;
  /** SIGKILL, waited for: its sessions die with it, nothing listens on the port any more. */
  kill(): Promise<void>;
  /** A new process on the same port, which knows none of the old sessions. */
  restart(): Promise<SessionServer>;
  /** The running server forgets every session (its streams close), keeping its port. */
  forget(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The sessionful Streamable HTTP server of session-http-server.mjs (MCP SDK v2) in a child
 * process on 127.0.0.1: `env` takes its FIXTURE_* options; `port` 0 picks a free one.
 */
export async function startSessionServer(env: Record<string, string> = {}, port = 0): Promise<SessionServer> {
  const child = spawn(process.execPath, [SESSION_HTTP_SERVER], {
    cwd: ENGINE_DIR,
    env: { ...process.env, ...env, FIXTURE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const [, url] = await waitForOutput(child, /listening (\S+)/);
  const actual = Number(new URL(url!).port);
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  const server: SessionServer = {
    url: url!,
    port: actual,
    child,
    stderr: () => stderr,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    restart: async () => {
      await server.kill();
      return startSessionServer(env, actual);
    },
    forget: async () => {
      const res = await fetch(new URL('/forget', url), { method: 'POST' });
      if (res.status !== 204) throw new Error(`/forget answered ${res.status}`);
    },
    stop: () => stopProcessTree(child, { graceMs: 0 }),
  };
  return server;
}

export interface GitMcpServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * @cyanheads/git-mcp-server (pinned in devDependencies) over Streamable HTTP on 127.0.0.1 and a
 * free port, run from a temp folder. It answers the 2026-07-28 server/discover probe with HTTP 500.
 */
export async function startGitMcpServer(): Promise<GitMcpServer> {
  const cwd = mkdtempSync(join(tmpdir(), 'mcpscope-git-mcp-'));
  const entry = require.resolve('@cyanheads/git-mcp-server/index.js'); // its exports map ./* onto dist/;
  const child = spawn(process.execPath, [entry], {
    cwd,
    // NODE_ENV=test (vitest's) makes it log nothing, and the address is read from its log.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MCP_TRANSPORT_TYPE: 'http',
      MCP_HTTP_HOST: '127.0.0.1',
      MCP_HTTP_PORT: '0',
      MCP_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const [, url] = await waitForOutput(child, /"address":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/);
    return {
      url: url!,
      stop: async () => {
        await stopProcessTree(child, { graceMs: 0 });
        rmSync(cwd, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopProcessTree(child, { graceMs: 0 });
    rmSync(cwd, { recursive: true, force: true });
    throw err;
  }
}
