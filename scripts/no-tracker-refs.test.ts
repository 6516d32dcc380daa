import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: a comment, a test name or a doc says why in its own words, never
 * a pointer into a tracker (the word issue or stop followed by a number, or a hash and a number in
 * parentheses). A reader of the repository has no tracker to follow such a
 * number to. Other projects' references stay: an upstream URL can be followed, and a SEP has a name.
 */
const ROOT = join(import.meta.dirname, '..');
const SELF = 'scripts/no-tracker-refs.test.ts';

const TRACKER_REF = /\bissues? ?#?\d+|\(#\d+\)|\bstop \d+\b/i;
const URL = /\bhttps?:\/\/\S+/g;

/** Recorded data, the lockfile and upstream documents vendored as they were published. */
function exempt(file: string): boolean {
  return file === SELF || file.startsWith('bench/results/') || file === 'pnpm-lock.yaml' || file.startsWith('packages/protocol/spec/');
}

/** Every line of `text` that points at a tracker number, as `file:line: text`. */
function trackerRefs(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (TRACKER_REF.test(line.replace(URL, ''))) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.filter((f) => !exempt(f) && !/\.(png|jpe?g|gif|ico|woff2?)$/i.test(f));
}

describe('no tracker references', () => {
  it('finds the forms it must reject, and lets upstream links, SEPs and frame numbers pass', () => {
    // Written in pieces so that this file holds none of the forms it rejects.
    const ISSUE = ['iss', 'ue'].join('');
    const bad = [
      `// The flood ends sooner (${ISSUE} 15).`,
      ` * ${ISSUE[0]!.toUpperCase()}${ISSUE.slice(1)} 14: one time format everywhere.`,
      `describe('the backstop (${ISSUE} 10 item 2)', () => {`,
      `- fixed in (${'#'}12)`,
      `// see ${ISSUE} ${'#'}7`,
      `# Conformance adapter (${ISSUE}s 4, 13)`,
      `// done at ${['st', 'op'].join('')} 7`,
    ];
    for (const line of bad) expect(trackerRefs('x.ts', line), line).toHaveLength(1);
    const good = [
      '// https://github.com/modelcontextprotocol/typescript-sdk/issues/123: the SDK drops it',
      '> [modelcontextprotocol#246](https://github.com/modelcontextprotocol/modelcontextprotocol/issues/246)',
      '// the 2026-07-28 task extension (SEP-2243)',
      "expect(replayReason(12)).toBe('frames: replay #12');",
      "label: 'everything v2.0.0 #3 · http · 14:02:12'",
      '// issues a request, then stops',
    ];
    for (const line of good) expect(trackerRefs('x.ts', line), line).toEqual([]);
  });

  it('no tracked source or doc file points at a tracker number', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((f) => {
      const bytes = readFileSync(join(ROOT, f));
      return bytes.includes(0) ? [] : trackerRefs(f, bytes.toString('utf8'));
    });
    expect(found).toEqual([]);
  });
});
