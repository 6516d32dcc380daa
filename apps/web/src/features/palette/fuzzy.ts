/**
 * Fuzzy matching for the command palette: the query's characters must appear in order; runs
 * of consecutive characters, word starts and an early first match score higher. Pure.
 */
export interface FuzzyMatch {
  score: number;
  /** Indexes of the matched characters in the text, for highlighting. */
  indexes: number[];
}

const WORD_BREAK = /[\s/_\-.:@]/;

export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return { score: 0, indexes: [] };
  const t = text.toLowerCase();
  // Try every start of the first character and keep the best greedy run from it.
  let best: FuzzyMatch | null = null;
  for (let start = t.indexOf(q[0]); start >= 0; start = t.indexOf(q[0], start + 1)) {
    const m = matchFrom(q, t, text, start);
    if (m && (!best || m.score > best.score)) best = m;
  }
  return best;
}

function matchFrom(q: string, t: string, original: string, start: number): FuzzyMatch | null {
  const indexes: number[] = [];
  let score = 0;
  let ti = start;
  let prev = -2;
  for (let qi = 0; qi < q.length; qi++) {
    while (ti < t.length && t[ti] !== q[qi]) ti++;
    if (ti >= t.length) return null;
    indexes.push(ti);
    const wordStart = ti === 0 || WORD_BREAK.test(t[ti - 1]) || (original[ti] !== t[ti] && original[ti - 1] === t[ti - 1]);
    score += 1;
    if (ti === prev + 1) score += 5;
    if (wordStart) score += 8;
    prev = ti;
    ti++;
  }
  score -= indexes[0] * 0.2; // earlier is better
  score -= (t.length - q.length) * 0.05; // shorter texts win ties
  if (t.startsWith(q)) score += 10;
  if (t === q) score += 20;
  return { score, indexes };
}

/** The items that match, best first; an empty query keeps the original order. */
export function fuzzyFilter<T>(
  items: readonly T[],
  query: string,
  textOf: (item: T) => string,
  limit = 200,
): Array<{ item: T; match: FuzzyMatch }> {
  const out: Array<{ item: T; match: FuzzyMatch; i: number }> = [];
  items.forEach((item, i) => {
    const match = fuzzyMatch(query, textOf(item));
    if (match) out.push({ item, match, i });
  });
  if (query.trim()) out.sort((a, b) => b.match.score - a.match.score || a.i - b.i);
  return out.slice(0, limit).map(({ item, match }) => ({ item, match }));
}
