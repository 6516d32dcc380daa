#!/usr/bin/env node
import { existsSync } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainLaunchOptions, plainLaunchServer, prespawnFdOf } from './launch-argv.js';
import { plainCallServer } from './call-argv.js';
import { plainLiveCommand } from './live-argv.js';
import { holdYoungGeneration } from './heap-tuning.js';
import { setBinDir, webDir } from './paths.js';

/**
 * Where V8's compile cache goes: $NODE_COMPILE_CACHE when the user set it, else the user's own
 * cache dir ($XDG_CACHE_HOME or ~/.cache)/mcpscope/compile-cache. Not Node's default
 * (os.tmpdir()/node-compile-cache): /tmp is shared, and code cache planted there by another
 * local user would be loaded as ours.
 */
function compileCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  try {
    const base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
    return join(base, 'mcpscope', 'compile-cache');
  } catch {
    return undefined; // no home directory: no cache rather than a shared one
  }
}

// Node ≥ 22.1 keeps V8's compiled code of the modules loaded from here on in a disk cache
// (module.enableCompileCache; NODE_DISABLE_COMPILE_CACHE=1 turns it off); on Node 20 there is
// none. Hence everything else is behind the dynamic import below.
const enableCompileCache = (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
const cacheDir = enableCompileCache ? compileCacheDir(process.env) : undefined;
if (enableCompileCache && cacheDir) enableCompileCache(cacheDir);

const entry = fileURLToPath(import.meta.url);

/**
 * A file build.mjs builds apart (APART) beside this one: one CommonJS file, taken with require(),
 * so what runs first loads no ES module chunks. The bundle's entry only (from source there is none).
 */
const apart = <T>(file: string): T => module.createRequire(import.meta.url)(`./${file}`) as T;
// A plain launch (no subcommand, no --help…: decided from argv alone) has its UI's port listen and
// serve the web UI before commander and the command table load; the launch action takes it over.
// Anything else (or any doubt) goes the usual way, where commander decides.
const argv = process.argv.slice(2);
const listen = plainLaunchOptions(argv);
if (listen) holdYoungGeneration(); // until launch's start-up is over (heap-tuning.ts)
// A background mcpscope started by `connect`: the server of its first session starts now.
const prespawnFd = listen ? prespawnFdOf(argv) : undefined;
if (prespawnFd !== undefined) (await import('./prespawn-channel.js')).prespawnFromChannel(prespawnFd);
// A plain launch of `-- command…` (decided from argv alone) starts that server once its UI listens.
const launchServer = listen && prespawnFd === undefined ? plainLaunchServer(argv) : undefined;
// A one-shot `call -- command…` (decided from argv alone, like the launch above) starts its
// server now, under its supervisor: the server's own start-up overlaps mcpscope's loading, and
// the engine's stdio transport takes this process instead of spawning one (prespawn.ts).
const callServer = listen ? undefined : plainCallServer(argv);
// `call`/`check --session`, `sessions` and `connect` on a running mcpscope (decided from argv alone): a small
// chunk that talks to it, without commander, zod or the engine. Undefined: commander decides.
const live = listen || callServer ? undefined : plainLiveCommand(argv);
if (live) {
  const { runFastLive } = apart<typeof import('./live/fast-live.js')>('fast-live.cjs');
  const code = await runFastLive(live, undefined, { dir: dirname(entry), entry });
  if (code !== undefined) process.exit(code);
}
if (callServer) (await import('@mcpscope/engine/prespawn')).prespawn({ ...callServer, env: {} });
let early: Awaited<ReturnType<typeof import('./commands/launch-early.js').startPlainLaunchUi>> | undefined;
if (listen) {
  setBinDir(dirname(entry), entry);
  early = await apart<typeof import('./commands/launch-early.js')>('launch-early.cjs').startPlainLaunchUi(listen, webDir());
  if (early.ui) {
    // The UI answers between the slices of what loads next (launch-slices.ts).
    const { LAUNCH_SLICES, loadLaunchInSlices } = await import('./commands/launch-slices.js');
    // Its server starts as one of them, under its supervisor, and the session launch opens takes it
    // (engine prespawn.ts). After the first: started at once, its start took a core from the UI's
    // first answers. Not when the port could not be had: launch then exits, and a server it never
    // needed is not started.
    const listening = await early.ui.listening.then(
      () => true,
      () => false,
    );
    // The demo server as paths.ts demoConfig names it: this Node, the bundle's demo-server.js.
    const demo = join(dirname(entry), 'demo-server.js');
    const server =
      launchServer && 'demo' in launchServer ? (existsSync(demo) ? { command: process.execPath, args: [demo] } : undefined) : launchServer;
    const startServer = async () => {
      const { prespawn, UNCLAIMED_MS } = await import('@mcpscope/engine/prespawn');
      prespawn({ ...server!, env: {} }, { unclaimedMs: UNCLAIMED_MS });
    };
    const [first, ...rest] = LAUNCH_SLICES;
    await loadLaunchInSlices(server && listening ? [first!, startServer, ...rest] : LAUNCH_SLICES);
  }
}
const { start } = await import('./bin.js');
await start(dirname(entry), entry, early);
