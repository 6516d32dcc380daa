// Runs this example as a user would: packs @mcpscope/playwright (packages/playwright, built)
// into .pack/, installs the project with npm from the registry and that tarball (no workspace
// link), typechecks it against the shipped declarations, and runs its Playwright tests.
//   node examples/playwright/test-from-tarball.mjs [--results <file.json>]
// --results writes { passed, failed, skipped } for .ci/summarize.mjs; a step that fails before
// the tests ran counts as one failure. CHROMIUM_PATH defaults to Debian's /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = dirname(fileURLToPath(import.meta.url));
const pkg = join(project, '../../packages/playwright');
const at = process.argv.indexOf('--results');
const resultsFile = at === -1 ? undefined : resolve(process.argv[at + 1]);
const report = join(project, 'test-results/report.json');

function write(counts) {
  if (!resultsFile) return;
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify({ name: 'examples/playwright', ...counts })}\n`);
}

function run(command, args, env = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { cwd: project, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((done) => child.on('close', (code) => done(code)));
}

async function step(what, command, args, env) {
  const code = await run(command, args, env);
  if (code !== 0) throw new Error(`${what} failed (exit ${code})`);
}

async function main() {
  write({ passed: 0, failed: 1, note: 'did not report' });
  if (!existsSync(join(pkg, 'dist/index.js'))) throw new Error('packages/playwright/dist is missing: run `pnpm build` first');
  rmSync(join(project, '.pack'), { recursive: true, force: true });
  mkdirSync(join(project, '.pack'));
  await step('npm pack', 'npm', ['pack', '--silent', '--pack-destination', join(project, '.pack'), pkg]);
  renameSync(join(project, '.pack/mcpscope-playwright-0.1.0.tgz'), join(project, '.pack/mcpscope-playwright.tgz'));
  rmSync(join(project, 'node_modules'), { recursive: true, force: true });
  await step('npm install', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
  await step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  rmSync(report, { force: true });
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
    CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (!existsSync(report)) throw new Error(`playwright exited ${code} without a report`);
  const { stats, errors } = JSON.parse(readFileSync(report, 'utf8'));
  const counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected + (errors?.length ?? 0), skipped: stats.skipped };
  write(counts);
  console.log(`examples/playwright: ${counts.passed} passed, ${counts.failed} failed`);
  return counts.failed === 0 && code === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(`examples/playwright: ${err.message}`);
    process.exit(1);
  },
);
