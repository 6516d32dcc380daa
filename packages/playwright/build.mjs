// Builds the publishable @mcpscope/playwright into dist/:
//   dist/index.js   the fixtures and matchers with mcpscope's engine and proxy and the registry
//                   packages they use inlined (the same code the `mcpscope` CLI bundles), so the
//                   package has no dependencies of its own; @playwright/test stays an import
//                   (the user's own copy: a peer dependency)
//   dist/types/     the declaration files reachable from index.d.ts, which must not name any
//                   private workspace package (they are not published)
//   dist/web/       the built web UI (apps/web/dist), served by the `inspector` fixture
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { englishOnlyZod } from '../../scripts/esbuild-english-zod.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../..');
const webDist = join(repo, 'apps/web/dist');
const out = join(here, 'dist');
const builtins = new Set(builtinModules);

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const isBuiltin = (spec) => spec.startsWith('node:') || builtins.has(packageName(spec));
/** The peer dependency, and ws's optional native speedups (loaded only when installed). */
const EXTERNAL = new Set(['@playwright/test', 'bufferutil', 'utf-8-validate']);

async function bundle() {
  const result = await esbuild.build({
    entryPoints: { index: join(here, 'src/index.ts') },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['mcpscope-source'],
    mainFields: ['module', 'main'],
    plugins: [
      englishOnlyZod,
      {
        name: 'peer-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            EXTERNAL.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
    // Not minified: a stack trace or a code frame that lands in the bundle stays readable (a
    // minified line is one screen of code in Playwright's report); the file loads once per worker.
    minify: false,
    banner: { js: "import { createRequire as __mcpscopeRequire } from 'node:module'; const require = __mcpscopeRequire(import.meta.url);" },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const imports = Object.values(result.metafile.outputs).flatMap((o) =>
    o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path)),
  );
  const unexpected = [...new Set(imports)].filter((name) => !EXTERNAL.has(name));
  if (unexpected.length) throw new Error(`the bundle imports ${unexpected.join(', ')}, which the package does not ship or depend on`);
}

/** index.d.ts and the declaration files it reaches, copied to dist/types; none may name a private package. */
function declarations() {
  const tmp = join(here, '.tmp/types');
  rmSync(tmp, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(here, 'tsconfig.build.json')], {
    encoding: 'utf8',
  });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  const seen = new Set();
  const queue = [join(tmp, 'index.d.ts')];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const leaked = /from ['"](@mcpscope\/[^'"]+)['"]/.exec(text);
    if (leaked) throw new Error(`${relative(tmp, file)} names ${leaked[1]}, a private package: keep its types out of the public API`);
    for (const m of text.matchAll(/from ['"](\.{1,2}\/[^'"]+)\.js['"]/g)) queue.push(resolve(dirname(file), `${m[1]}.d.ts`));
  }
  for (const file of seen) {
    const target = join(out, 'types', relative(tmp, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  rmSync(join(here, '.tmp'), { recursive: true, force: true });
  return seen.size;
}

try {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('the web UI is not built (apps/web/dist/index.html is missing): run `pnpm build` from the repo root');
  rmSync(out, { recursive: true, force: true });
  await bundle();
  const types = declarations();
  cpSync(webDist, join(out, 'web'), { recursive: true });
  console.log(`built ${relative(process.cwd(), out) || '.'}: index.js, types/ (${types} files), web/`);
} catch (err) {
  console.error(`build failed: ${err.message}`);
  process.exit(1);
}
