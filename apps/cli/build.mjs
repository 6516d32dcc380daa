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
import { englishOnlyZod } from '../../scripts/esbuild-english-zod.mjs';

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
 * What mcpscope.ts loads before anything else is built on its own, each into one CommonJS file
 * with node: builtins only, which mcpscope.ts require()s: one file to load (no ES module loader,
 * no resolve, read and link of a dozen chunks), where the time is Node's own start and little more.
 * - src/live/fast-live.ts → dist/fast-live.cjs: `call`/`check --session`, `sessions`, `connect`;
 * - src/commands/launch-early.ts → dist/launch-early.cjs: a plain launch's UI listening (main.ts,
 *   for argv that was not plain, still takes the chunk).
 * The code they share with the rest of the bundle is copied.
 */
const APART = [
  { src: join(cliDir, 'src/live/fast-live.ts'), out: 'fast-live.cjs' },
  { src: join(cliDir, 'src/commands/launch-early.ts'), out: 'launch-early.cjs' },
];
/**
 * Node 22 makes an ES module of a builtin by reading every one of its exports, and some are lazy
 * getters that load more: `node:http`'s WebSocket loads undici, `node:fs`'s promises load
 * fs/promises and readline. `import … from 'node:http'` costs ~25 ms of CPU there where
 * `require('node:http')` costs ~1.5 ms. So the bundle takes builtins with require() (esbuild then
 * reads a CommonJS module's exports when they are used, not before), and a launch on Node 22
 * listens sooner. Node 20 makes them cheaply either way; the objects are the same.
 */
const COSTLY_BUILTINS = /^(node:)?(http|https|http2|tls|fs)$/;
const requireBuiltins = {
  name: 'require-builtins',
  setup(build) {
    build.onResolve({ filter: COSTLY_BUILTINS }, (args) => {
      // A dynamic import() wants the module's named exports (OpenTelemetry's `const { Agent } =
      // await import('http')`), which a CommonJS wrapper would hide behind `default`; it is late anyway.
      if (args.namespace === 'required-builtin' || args.kind === 'dynamic-import') return { path: args.path, external: true };
      return { path: `node:${args.path.replace(/^node:/, '')}`, namespace: 'builtin-exports' };
    });
    // Each file that imports a CommonJS module gets its own copy of the module's exports, one
    // getter each (esbuild's __toESM): `fs` alone has 104, and sixteen files import it (~250 KiB of
    // heap for the life of the process). So every file imports one ES module per builtin, which
    // re-exports the CommonJS one: one copy, made when it is first imported.
    build.onResolve({ filter: /^required-builtin:/ }, (args) => ({
      path: args.path.slice('required-builtin:'.length),
      namespace: 'required-builtin',
    }));
    build.onLoad({ filter: /.*/, namespace: 'builtin-exports' }, (args) => {
      const cjs = JSON.stringify(`required-builtin:${args.path}`);
      return { contents: `export * from ${cjs};\nimport m from ${cjs};\nexport default m;`, loader: 'js', resolveDir: cliDir };
    });
    build.onLoad({ filter: /.*/, namespace: 'required-builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
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
    // `module`: the ESM build of packages that export one only under that condition (OpenTelemetry's),
    // so unused exports are dropped (the export's chunk: 330 → 100 KB; nothing else resolves differently).
    conditions: ['mcpscope-source', 'module'],
    plugins: [externalizeSome, requireBuiltins, englishOnlyZod],
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

  const apart = await Promise.all(
    APART.map(({ src, out }) =>
      esbuild.build({
        entryPoints: [src],
        outfile: join(outdir, out),
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
      }),
    ),
  );
  const metafile = { inputs: {}, outputs: {} };
  for (const m of [result.metafile, ...apart.map((a) => a.metafile)]) {
    Object.assign(metafile.inputs, m.inputs);
    Object.assign(metafile.outputs, m.outputs);
  }

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
