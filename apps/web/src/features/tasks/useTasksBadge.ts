import type { TabBadge } from '../../lib/tabBadge';
import { isTerminalTaskStatus } from '@mcpscope/protocol';
import { useSessionTasks } from '../../lib/tasksApi';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** The Tasks tab's badge: tasks still running (or all of them once none runs). Reads the proxy's list; sends nothing upstream. */
export function useTasksBadge(): TabBadge | null {
  const { tasks } = useSessionTasks(useValue(activeSessionStore));
  if (tasks.length === 0) return null;
  const active = tasks.filter((t) => !isTerminalTaskStatus(t.status)).length;
  return active > 0
    ? { text: `${active} running`, title: `${active} of ${tasks.length} tasks not finished` }
    : { text: String(tasks.length), title: `${tasks.length} tasks, all finished` };
}
