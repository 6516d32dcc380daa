// An esbuild plugin for the bundles that inline zod (apps/cli/build.mjs, packages/playwright/build.mjs).
import { dirname, relative, resolve } from 'node:path';

/**
 * zod carries its error messages in ~50 languages (~260 KB minified, an eighth of the JavaScript a
 * launch loads and compiles) and esbuild keeps them all: `locales` hangs off the `z` and `core`
 * namespaces, which schema files import whole. mcpscope never switches zod's language (zod sets
 * English itself, from locales/en.js, on the first schema made), so in the bundle the namespaces'
 * `locales` is English alone. The bundles' tests fail when another language comes back.
 */
export const englishOnlyZod = {
  name: 'english-only-zod',
  setup(build) {
    const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/]/.test(args.importer)) return undefined;
      // Relative, as esbuild names files: an unminified bundle prints the path in a comment.
      return { path: relative(cwd, resolve(dirname(args.importer), args.path)), namespace: 'zod-english' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
      resolveDir: dirname(resolve(cwd, args.path)),
    }));
  },
};
