// Installs one corpus entry's pinned npm package into bench/.tmp/corpus/<pkg>@<ver>/ (cached: a
// directory with a complete install marker is reused). The entry's `overrides` pin transitive
// packages (the MCP SDK above all) so that a caret range in an old server's package.json does not
// float to today's SDK and the run stays reproducible.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const installDirName = (entry) => `${entry.package.replace('/', '+')}@${entry.version}`;

function npm(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/**
 * Returns the install directory, installing first when needed. The manifest written there is the
 * whole recipe (package, exact version, overrides); the marker records it so a changed entry
 * reinstalls.
 */
export async function installEntry(entry, corpusTmp, benchDir) {
  const dir = join(corpusTmp, installDirName(entry));
  const manifest = {
    name: 'corpus-install',
    private: true,
    dependencies: { [entry.package]: entry.version, ...(entry.alsoInstall ?? {}) },
    ...(entry.overrides ? { overrides: entry.overrides } : {}),
  };
  const recipe = JSON.stringify(manifest);
  const marker = join(dir, '.installed');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== recipe) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // --ignore-scripts: no postinstall (a browser download, a native build) runs on this machine.
    const r = await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], dir);
    if (r.code !== 0) throw new Error(`npm install ${entry.package}@${entry.version} failed:\n${r.out}`);
    writeFileSync(marker, recipe);
  }
  // A bench-written server file runs from the install dir, so it resolves that dir's node_modules.
  if (entry.script) copyFileSync(join(benchDir, 'corpus', entry.script), join(dir, entry.script.split('/').pop()));
  return dir;
}

/** The version of a package as installed (the SDK a server really runs on), or undefined. */
export function installedVersion(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}
