import type { TaskInfo } from '@mcpscope/wire';
import { isTerminalTaskStatus } from '@mcpscope/protocol';

/** Pure helpers of the Tasks tab: which tasks to show, and how to say their numbers. */

export type TaskFilter = 'all' | 'active' | 'ended';

export function matchesTask(task: TaskInfo, filter: TaskFilter, search: string): boolean {
  if (filter === 'active' && isTerminalTaskStatus(task.status)) return false;
  if (filter === 'ended' && !isTerminalTaskStatus(task.status)) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [task.taskId, task.tool, task.status, task.statusMessage].some((s) => s?.toLowerCase().includes(needle));
}

export function countTasks(tasks: readonly TaskInfo[]): Record<TaskFilter, number> {
  let active = 0;
  for (const t of tasks) if (!isTerminalTaskStatus(t.status)) active++;
  return { all: tasks.length, active, ended: tasks.length - active };
}

/** "300 ms", "5 s", "2 min", "1 h 30 min". */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return String(ms);
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
  const min = Math.floor(s / 60);
  const sec = Math.round(s % 60);
  if (min < 60) return sec ? `${min} min ${sec} s` : `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
}

/**
 * The task's TTL as a sentence: how long the server keeps it from its creation (spec: `ttl`
 * is the actual retention duration from creation; null means unlimited), and until when, by
 * the server's createdAt.
 */
export function describeTtl(task: Pick<TaskInfo, 'ttlMs' | 'createdAt'>, now: number): { text: string; expired?: boolean } {
  if (task.ttlMs === null) return { text: 'unlimited' };
  if (task.ttlMs === undefined) return { text: '—' };
  const created = task.createdAt ? Date.parse(task.createdAt) : NaN;
  if (Number.isNaN(created)) return { text: formatSpan(task.ttlMs) };
  const left = created + task.ttlMs - now;
  return left > 0
    ? { text: `${formatSpan(task.ttlMs)} (about ${formatSpan(roundLeft(left))} left)` }
    : { text: `${formatSpan(task.ttlMs)} (past; the server may have deleted it)`, expired: true };
}

const roundLeft = (ms: number) => (ms < 60_000 ? Math.ceil(ms / 1000) * 1000 : Math.round(ms / 60_000) * 60_000);

/** "12 s ago"; for the server's ISO timestamps, shown next to the text as the server sent it. */
export function ago(iso: string | undefined, now: number): string | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  const d = now - t;
  if (d < -1000) return `in ${formatSpan(-d)} (clocks differ?)`;
  return d < 1000 ? 'just now' : `${formatSpan(Math.round(d / 1000) * 1000)} ago`;
}

/** Progress as text: "2 / 5", "3" without a total, or undefined when the server reported none. */
export function progressText(p: TaskInfo['progress']): string | undefined {
  if (!p) return undefined;
  return p.total !== undefined && p.total > 0 ? `${p.progress} / ${p.total}` : String(p.progress);
}

export function progressFraction(p: TaskInfo['progress']): number | undefined {
  return p && p.total !== undefined && p.total > 0 ? Math.min(1, Math.max(0, p.progress / p.total)) : undefined;
}

/**
 * Whether the Frames filter can look for this id as one plain word (lib filter grammar: terms
 * split on spaces, `-` negates, `key:` selects a field). Ids that are not are not offered.
 */
export function frameSearchable(taskId: string): boolean {
  return /^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,199}$/.test(taskId);
}
