// Sums the JSON reports of every test runner into one closing line: "N passed, N failed".
// A runner that should have reported but did not counts as one failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = join(dir, 'vitest.json');
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests;
  // A file that failed without a failing test (it did not load, a hook threw) counts once.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += r.numFailedTests + brokenFiles;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  console.log('vitest wrote no report');
  failed += 1;
}

const pw = join(dir, 'playwright.json');
if (existsSync(pw)) {
  const r = JSON.parse(readFileSync(pw, 'utf8'));
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected + (r.errors?.length ?? 0);
  skipped += r.stats.skipped;
} else {
  console.log('playwright wrote no report');
  failed += 1;
}

// Example projects (examples/*/test-from-tarball.mjs) write their counts, or one failure when a
// step before their tests failed.
for (const name of (existsSync(dir) ? readdirSync(dir) : []).filter((f) => /^example-.*\.json$/.test(f)).sort()) {
  const r = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  console.log(`${r.name ?? name}: ${r.passed} passed, ${r.failed} failed`);
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped ?? 0;
}

// Repository checks (scripts/lint.mjs, scripts/knip.mjs): one check each, seeded as a failure until it reports.
for (const name of (existsSync(dir) ? readdirSync(dir) : []).filter((f) => /^check-.*\.json$/.test(f)).sort()) {
  const r = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  console.log(`${r.name ?? name}: ${r.failed ? 'failed' : 'passed'}`);
  passed += r.passed;
  failed += r.failed;
}

// The conformance suites (e2e/conformance/run.sh, one report per release) report when they ran
// (they need root); scripts/test.mjs seeds each report with one failure until the run writes it.
for (const name of (existsSync(dir) ? readdirSync(dir) : []).filter((f) => /^conformance.*\.json$/.test(f)).sort()) {
  const r = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  console.log(`${name.replace(/\.json$/, '')}: ${r.passed} of ${r.passed + r.failed} scenarios`);
  passed += r.passed;
  failed += r.failed;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
