import { MAX_JSON_DEPTH, type SessionEvent } from '@mcpscope/protocol';
import { TOO_DEEP } from './json-walk.js';
import { canonicalParams } from './compare.js';
import { exchangesOf } from './exchanges.js';

export type RecordedAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

interface Entry {
  params: unknown;
  key: string;
  answers: RecordedAnswer[];
  next: number;
}

export type MockLookup = { found: true; answer: RecordedAnswer } | { found: false; closest?: { method: string; params: unknown } };

/** Every leaf as "path=value" (depth-capped: hostile params never overflow the stack). */
function flatten(value: unknown, prefix = '', out = new Set<string>(), depth = 1): Set<string> {
  if (value !== null && typeof value === 'object' && depth > MAX_JSON_DEPTH) out.add(`${prefix}=${TOO_DEEP}`);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, `${prefix}.${k}`, out, depth + 1);
  } else out.add(`${prefix}=${JSON.stringify(value)}`);
  return out;
}

function similarity(a: unknown, b: unknown): number {
  const x = flatten(a);
  const y = flatten(b);
  let common = 0;
  for (const item of x) if (y.has(item)) common++;
  return common / Math.max(1, x.size + y.size - common);
}

/**
 * The recorded answers of a trace, for `mcpscope mock`: looked up by method and params.
 * The same request recorded several times is answered in recorded order (then the last one again).
 */
export class MockIndex {
  private readonly byMethod = new Map<string, Entry[]>();

  static fromEvents(events: Iterable<SessionEvent>): MockIndex {
    const index = new MockIndex();
    for (const x of exchangesOf(events)) {
      const msg = x.response?.msg;
      if (x.dir !== 'out' || !msg) continue;
      index.add(x.method, x.params, 'error' in msg ? { error: msg.error as never } : { result: msg.result });
    }
    return index;
  }

  add(method: string, params: unknown, answer: RecordedAnswer): void {
    const entries = this.byMethod.get(method) ?? [];
    const key = canonicalParams(params);
    const entry = entries.find((e) => e.key === key);
    if (entry) entry.answers.push(answer);
    else entries.push({ params, key, answers: [answer], next: 0 });
    this.byMethod.set(method, entries);
  }

  methods(): string[] {
    return [...this.byMethod.keys()];
  }

  lookup(method: string, params: unknown): MockLookup {
    const entries = this.byMethod.get(method);
    const key = canonicalParams(params);
    const entry = entries?.find((e) => e.key === key);
    if (entry) {
      const answer = entry.answers[Math.min(entry.next, entry.answers.length - 1)];
      entry.next++;
      return { found: true, answer };
    }
    return { found: false, closest: this.closest(method, params) };
  }

  private closest(method: string, params: unknown): { method: string; params: unknown } | undefined {
    const candidates = this.byMethod.get(method) ?? [...this.byMethod.entries()].flatMap(([m, es]) => es.map((e) => ({ ...e, method: m })));
    let best: { method: string; params: unknown } | undefined;
    let bestScore = -1;
    for (const e of candidates) {
      const score = similarity(params, e.params);
      if (score > bestScore) {
        bestScore = score;
        best = { method: 'method' in e ? (e as { method: string }).method : method, params: e.params };
      }
    }
    return best;
  }
}
