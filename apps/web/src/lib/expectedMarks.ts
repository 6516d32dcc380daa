import { markMatches, scopedMark } from '@mcpscope/trace';
import { z } from 'zod';
import { readLocalJson, writeLocalJson } from './localJson';
import { createValueStore } from './valueStore';

/**
 * Paths the user marked as expected to differ, from a replay report or a compare diff: for one
 * pair of sources (a trace and what it is compared with, key from pairKey) or for every
 * comparison. Kept in this browser. A mark names one request's response path
 * (`tools/call echo|/result/content/0/text`, see @mcpscope/trace markMatches); the engine gets
 * them as `ignore` on the next replay or compare, and reports them as ignored.
 */
export interface ExpectedMarks {
  global: readonly string[];
  /** [pair key, marks], newest pair last. */
  pairs: ReadonlyArray<readonly [string, readonly string[]]>;
}

export const EXPECTED_KEY = 'mcpscope.expected';
const MAX_PAIRS = 100;
const MAX_MARKS = 100;
const Marks = z.array(z.string().max(700)).max(MAX_MARKS);
const Schema = z.object({ global: Marks, pairs: z.array(z.tuple([z.string().max(400), Marks])).max(MAX_PAIRS) });

export const expectedMarksStore = createValueStore<ExpectedMarks>(readLocalJson(EXPECTED_KEY, Schema, { global: [], pairs: [] }));

function save(next: ExpectedMarks): void {
  writeLocalJson(EXPECTED_KEY, next);
  expectedMarksStore.set(next);
}

/** The key of a comparison: its two sources (a trace by id, a session by what it runs), in order. */
export function pairKey(left: string, right: string): string {
  return `${left} ⇄ ${right}`.slice(0, 400);
}

/** The marks that apply to a pair: its own and the global ones. */
export function marksFor(marks: ExpectedMarks, pair: string): string[] {
  const own = marks.pairs.find(([k]) => k === pair)?.[1] ?? [];
  return [...new Set([...marks.global, ...own])];
}

/** Marks one request's response path as expected, for this pair (or every comparison when `pair` is null). */
export function markExpected(pair: string | null, scope: string, pointer: string): void {
  const mark = scopedMark(scope, pointer);
  const m = expectedMarksStore.getSnapshot();
  if (pair === null) return save({ ...m, global: [...m.global.filter((x) => x !== mark), mark].slice(-MAX_MARKS) });
  const own = m.pairs.find(([k]) => k === pair)?.[1] ?? [];
  const pairs = [...m.pairs.filter(([k]) => k !== pair), [pair, [...own.filter((x) => x !== mark), mark].slice(-MAX_MARKS)] as const];
  save({ ...m, pairs: pairs.slice(-MAX_PAIRS) });
}

/** Removes a mark wherever it is (this pair's and the global list). */
export function unmarkExpected(pair: string, mark: string): void {
  const m = expectedMarksStore.getSnapshot();
  save({
    global: m.global.filter((x) => x !== mark),
    pairs: m.pairs
      .map(([k, list]) => [k, k === pair ? list.filter((x) => x !== mark) : list] as const)
      .filter(([, list]) => list.length > 0),
  });
}

interface Diff {
  path: string;
  recorded?: unknown;
  live?: unknown;
}
interface Ignored extends Diff {
  reasons: string[];
}

/**
 * One response's differences with the user's marks applied now (without running the replay
 * or compare again): the marked ones move to `ignored` with the reason `marked expected`.
 */
export function applyMarks<D extends Diff>(
  differences: readonly D[],
  ignored: readonly Ignored[],
  marks: readonly string[],
  scope: string,
): { differences: D[]; ignored: Ignored[] } {
  const moved: Ignored[] = [];
  const kept = differences.filter((d) => {
    if (!marks.some((m) => markMatches(m, scope, d.path))) return true;
    moved.push({ path: d.path, recorded: d.recorded, live: d.live, reasons: ['marked expected'] });
    return false;
  });
  return { differences: kept, ignored: [...ignored, ...moved] };
}
