// Bundles the publishable `mcpscope` package into dist/:
//   dist/mcpscope.js     the bin: workspace code and registry packages inlined and minified (one
//                        file to load starts ~35% faster and idles ~15 MiB smaller than
//                        node_modules resolution; see bench/README.md), except KEEP_EXTERNAL
//   dist/demo-server.js  the embedded demo server's stdio entry
//   dist/web/            the built web UI (apps/web/dist)
// and fails when the bundle imports a registry package that package.json does not list in
// `dependencies` (it would be missing after `npm install mcpscope`).
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const cliDir = dirname(fileURLToPath(import.meta.url));
const repoDir = join(cliDir, '../..');
const webDist = join(repoDir, 'apps/web/dist');
const demoEntry = join(repoDir, 'packages/demo-server/src/stdio.ts');
const pkg = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isBuiltin = (spec) => spec.startsWith('node:') || builtins.has(spec) || builtins.has(packageName(spec));

/**
 * Stay imports rather than inlined code: `open` finds the xdg-open script it ships next to its
 * own files; ws loads bufferutil/utf-8-validate only if installed (optional native speedups).
 */
const KEEP_EXTERNAL = new Set(['open']);
const OPTIONAL_NATIVE = new Set(['bufferutil', 'utf-8-validate']);

/**
 * `call`/`check --session` and `sessions` (src/live/fast-live.ts) are built on their own into one
 * CommonJS file, dist/fast-live.cjs: mcpscope.js loads one file (node: builtins only) instead of
 * a dozen ES module chunks, each a resolve, a read and a link: the whole command should cost
 * little more than Node's own start. The code it shares with the rest of the bundle is copied.
 */
const FAST_LIVE = join(cliDir, 'src/live/fast-live.ts');
const FAST_LIVE_OUT = 'fast-live.cjs';
const fastLiveApart = {
  name: 'fast-live-apart',
  setup(build) {
    build.onResolve({ filter: /\/live\/fast-live\.js$/ }, (args) => {
      if (resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) !== FAST_LIVE) return undefined;
      return { path: `./${FAST_LIVE_OUT}`, external: true };
    });
  },
};

const externalizeSome = {
  name: 'externalize-some',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (KEEP_EXTERNAL.has(name) || OPTIONAL_NATIVE.has(name)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** Every registry package the outputs import, mapped to the output files that import it. */
function externalPackages(metafile) {
  const found = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith('./') || isBuiltin(imp.path) || OPTIONAL_NATIVE.has(packageName(imp.path))) continue;
      const name = packageName(imp.path);
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

export function checkDependencies(metafile, dependencies = pkg.dependencies ?? {}) {
  const used = externalPackages(metafile);
  const missing = [...used.keys()].filter((name) => !(name in dependencies));
  const unused = Object.keys(dependencies).filter((name) => !used.has(name));
  return { used: [...used.keys()].sort(), missing, unused };
}

/**
 * @param {{ outdir?: string, web?: 'require' | 'if-present' | 'skip', quiet?: boolean }} options
 */
export async function buildCli({ outdir = join(cliDir, 'dist'), web = 'require', quiet = false } = {}) {
  const log = quiet ? () => {} : (msg) => console.log(msg);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (web === 'require' && !hasWeb) {
    throw new Error(
      `the web UI is not built (${relative(repoDir, webDist)}/index.html is missing).\n` +
        'Run `pnpm --filter @mcpscope/web build` first (or `pnpm build` from the repo root).',
    );
  }
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });

  const result = await esbuild.build({
    entryPoints: { mcpscope: join(cliDir, 'src/mcpscope.ts'), 'demo-server': demoEntry },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Chunks let `call` skip loading Fastify and the demo server (see main.ts's dynamic imports).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    conditions: ['mcpscope-source'],
    plugins: [externalizeSome, fastLiveApart],
    minify: true,
    // Prefer packages' ESM builds: a UMD main (jsonc-parser's) hides its requires from the bundler.
    mainFields: ['module', 'main'],
    // Inlined CommonJS packages call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __mcpscopeRequire } from 'node:module'; const require = __mcpscopeRequire(import.meta.url);" },
    define: { __MCPSCOPE_VERSION__: JSON.stringify(pkg.version) },
    metafile: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: quiet ? 'silent' : 'warning',
  });

  const fast = await esbuild.build({
    entryPoints: [FAST_LIVE],
    outfile: join(outdir, FAST_LIVE_OUT),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    conditions: ['mcpscope-source'],
    mainFields: ['module', 'main'],
    minify: true,
    metafile: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: quiet ? 'silent' : 'warning',
  });
  const metafile = { inputs: { ...result.metafile.inputs, ...fast.metafile.inputs }, outputs: { ...result.metafile.outputs, ...fast.metafile.outputs } };

  const deps = checkDependencies(metafile);
  if (deps.missing.length > 0) {
    throw new Error(
      `the bundle imports ${deps.missing.join(', ')}, missing from apps/cli/package.json "dependencies"; ` +
        'add them (pnpm add --filter mcpscope <pkg>) so `npm install mcpscope` brings them in.',
    );
  }
  if (deps.unused.length > 0) log(`note: dependencies not imported by the bundle: ${deps.unused.join(', ')}`);

  chmodSync(join(outdir, 'mcpscope.js'), 0o755);
  if (web !== 'skip' && hasWeb) cpSync(webDist, join(outdir, 'web'), { recursive: true });
  log(`built ${relative(process.cwd(), outdir) || '.'}: mcpscope.js, demo-server.js${hasWeb && web !== 'skip' ? ', web/' : ''}`);
  log(`registry imports: ${deps.used.join(', ')}`);
  return { outdir, deps, metafile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `node build.mjs [--outdir <dir>]`: another output dir leaves dist/ (shared by e2e runs) alone.
  const at = process.argv.indexOf('--outdir');
  const outdir = at === -1 ? undefined : process.argv[at + 1];
  if (at !== -1 && !outdir) {
    console.error('build failed: --outdir needs a directory');
    process.exit(1);
  }
  buildCli(outdir ? { outdir: resolve(outdir) } : {}).catch((err) => {
    console.error(`build failed: ${err.message}`);
    process.exit(1);
  });
}
