import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One time format everywhere: 24 h, from lib/format.ts (`formatClock`, `formatTime`,
 * `formatDateTime`, `formatRelative`). The browser's locale formats (12 h in en-US, "5/3/2026")
 * once crept into a few views; this gate fails on them in any browser source (tests exempt).
 */
const SRC = join(import.meta.dirname, '.');

const RULES: Array<[RegExp, string]> = [
  [/\.toLocaleTimeString\s*\(/, 'toLocaleTimeString (use formatTime or formatClock)'],
  [/\.toLocaleDateString\s*\(/, 'toLocaleDateString (use formatDateTime)'],
  // Intl.DateTimeFormat().resolvedOptions() only asks for the time zone: allowed.
  [/Intl\.DateTimeFormat\s*\((?![^)]*\)\s*\.resolvedOptions\s*\()/, 'Intl.DateTimeFormat (use lib/format.ts)'],
  // Numbers are formatted with an explicit 'en-US' (formatCount); anything else is a locale format.
  [/\.toLocaleString\s*\((?!\s*['"]en-US['"])/, "toLocaleString without 'en-US' (a date: formatDateTime; a number: formatCount)"],
  [/\b(?:date|time|when|at|expires\w*)\s*\)?\s*\.toLocaleString\s*\(/i, 'toLocaleString on a date (use formatDateTime)'],
  [
    /new Date\([^;]*?\)\s*\.to(?:String|TimeString|DateString|UTCString|GMTString)\s*\(/,
    'new Date(…).toString() and kin (use lib/format.ts)',
  ],
  [/(?<![\w.])Date\(\s*\)(?!\s*\.)/, 'Date() called without new (a locale string)'],
];

/** Every line of `text` that formats a time in a way the gate forbids. */
export function timeFormatProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    for (const [pattern, why] of RULES) if (pattern.test(code)) problems.push(`${file}:${i + 1}: ${why}`);
  });
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('one time format', () => {
  it('finds the calls it must reject, and lets number formats and the time-zone lookup pass', () => {
    const bad = [
      `const t = new Date(h.at).toLocaleTimeString();`,
      `const d = date.toLocaleDateString();`,
      `new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }).format(x);`,
      `{Number.isNaN(date.getTime()) ? t.createdAt : date.toLocaleString()}`,
      `const s = expiresAt.toLocaleString('en-US');`,
      `const s = new Date(at).toString();`,
      `const now = Date();`,
    ];
    for (const line of bad) expect(timeFormatProblems('x.ts', line).length).toBeGreaterThan(0);
    const good = [
      `Show all {text.length.toLocaleString('en-US')} characters`,
      `timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;`,
      `const t = Date.now();`,
      `const d = new Date(Date.UTC(2026, 0, 1));`,
      `return { value: d.toISOString() };`,
      `// toLocaleTimeString() is what we do not use`,
    ];
    for (const line of good) expect(timeFormatProblems('x.ts', line)).toEqual([]);
  });

  it('no browser source formats a time with the locale', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((f) => timeFormatProblems(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
